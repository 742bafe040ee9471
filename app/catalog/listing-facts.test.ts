import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ProductTabs } from './ProductTabs';
import type { Product } from '../../core/product';
import type { ListingFacts } from '../../core/contracts/listing-facts';

const facts: ListingFacts = {
  manufacturer: { name: 'Starlight Vinyl Toys Co., Ltd.', address: '88 Huanshi Road, Dongguan, China' },
  packer: null,
  importer: { name: 'Ghar Sajao Retail Pvt. Ltd.', address: 'Bhiwandi, Thane 421302' },
  countryOfOrigin: 'China',
  netQuantity: '1 unit',
  dimensions: '',
  consumerCare: { name: 'Customer Care', phone: '+91 80 4567 8900', email: 'care@example.in', address: 'Bengaluru' },
};

const product = (listingFacts: ListingFacts | null): Product => ({
  _id: '00000000-0000-4000-8000-000000000001',
  slug: 'cosmo-crew-astronaut',
  title: 'Cosmo Crew Astronaut',
  category: 'collectible-toys',
  image: [],
  imageAlt: [],
  originalPrice: 999,
  price: 299.7,
  isDiscount: true,
  discount: 70,
  createdAt: '2026-01-01T00:00:00.000Z',
  specs: [],
  description: ['A vinyl astronaut.'],
  whatsInTheBox: ['1 x Figure'],
  countInStock: 3,
  rating: 0,
  numReviews: 0,
  listingFacts,
});

const page = (listingFacts: ListingFacts | null) =>
  renderToStaticMarkup(
    createElement(ProductTabs, {
      product: product(listingFacts),
      reviewCount: 0,
      reviews: () => null,
      initialTab: 'Reviews',
    }),
  ).replace(/<[^>]+>/g, '|');

describe('the product page’s legal information', () => {
  it('is in the server HTML whichever tab shows, with each fact the listing must give', () => {
    const text = page(facts);
    for (const shown of [
      'Legal information',
      '|Manufacturer||Starlight Vinyl Toys Co., Ltd., 88 Huanshi Road, Dongguan, China|',
      '|Importer||Ghar Sajao Retail Pvt. Ltd., Bhiwandi, Thane 421302|',
      '|Country of origin||China|',
      '|Net quantity||1 unit|',
      '+91 80 4567 8900',
      'care@example.in',
    ]) {
      expect(text).toContain(shown);
    }
    // Facts not given are left out rather than shown empty.
    expect(text).not.toContain('Packer');
    expect(text).not.toContain('Dimensions');
  });

  it('is left out for a product without listing facts', () => {
    expect(page(null)).not.toContain('Legal information');
  });
});
