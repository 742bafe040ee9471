/**
 * Plausible Legal Metrology facts for the demo catalogue (decision 0036): one maker per category, the collectible
 * toys imported; the size comes from the product's 'Size:' or 'Dimensions:' spec where it has one.
 */
import type { ListingFacts } from '../core/contracts/listing-facts.ts';
import type { CategorySlug, DemoProduct } from './types.ts';

const CONSUMER_CARE = {
  name: 'Customer Care, Ghar Sajao Retail Pvt. Ltd.',
  phone: '+91 80 4567 8900',
  email: 'care@example.in',
  address: '2nd Floor, 14 Residency Road, Bengaluru, Karnataka 560025',
};

const MAKERS: Record<CategorySlug, Pick<ListingFacts, 'manufacturer' | 'importer' | 'countryOfOrigin'>> = {
  'wall-art': {
    manufacturer: { name: 'Chitrakala Prints LLP', address: 'Plot 22, Sector 58, Noida, Uttar Pradesh 201301' },
    importer: null,
    countryOfOrigin: 'India',
  },
  lighting: {
    manufacturer: {
      name: 'Roshni Lighting Works',
      address: '17 Moradabad Brass Market, Moradabad, Uttar Pradesh 244001',
    },
    importer: null,
    countryOfOrigin: 'India',
  },
  accents: {
    manufacturer: { name: 'Khurja Clay & Craft Co.', address: 'Industrial Area, Khurja, Uttar Pradesh 203131' },
    importer: null,
    countryOfOrigin: 'India',
  },
  'collectible-toys': {
    manufacturer: { name: 'Starlight Vinyl Toys Co., Ltd.', address: '88 Huanshi Road, Dongguan, Guangdong, China' },
    importer: {
      name: 'Ghar Sajao Retail Pvt. Ltd.',
      address: 'Unit 4, Bhiwandi Logistics Park, Thane, Maharashtra 421302',
    },
    countryOfOrigin: 'China',
  },
};

const SIZE_SPEC = /^(?:Size|Dimensions):\s*(.+)$/i;
/** The box's first line, '3 x Art prints', counts the units. */
const COUNT = /^(\d+)\s*x\b/i;

function netQuantity(demo: DemoProduct): string {
  const units = Number(COUNT.exec(demo.whatsInTheBox[0] ?? '')?.[1] ?? 1);
  return units === 1 ? '1 unit' : `${units} units`;
}

export function demoListingFacts(demo: DemoProduct): ListingFacts {
  const size = demo.specs.map((spec) => SIZE_SPEC.exec(spec)?.[1]).find(Boolean) ?? '';
  return {
    ...MAKERS[demo.category],
    packer: {
      name: 'Ghar Sajao Retail Pvt. Ltd.',
      address: 'Unit 4, Bhiwandi Logistics Park, Thane, Maharashtra 421302',
    },
    netQuantity: netQuantity(demo),
    dimensions: size,
    consumerCare: CONSUMER_CARE,
  };
}
