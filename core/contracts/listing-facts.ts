/**
 * The facts India's Legal Metrology (Packaged Commodities) Rules ask an online listing to show (issue 22, decision
 * 0036): who made it, who packed or imported it, where it comes from, how much is in the pack, its size, and whom to
 * call, as the shop shows them. What an admin may send is `listingFactsInputSchema` (listing-facts-input.ts), kept
 * apart so the storefront's bundle carries none of its rules.
 */
import { z } from './zod.ts';
import { MAX, shownText } from './fields.ts';

/** The longest each fact may be, as the back office's form checks it (listing-facts-input.ts). */
export const LISTING_FACT_MAX = { name: MAX.name, address: 300, country: 60, quantity: 60, phone: 20 } as const;

const partySchema = z.object({ name: shownText(LISTING_FACT_MAX.name), address: shownText(LISTING_FACT_MAX.address) });
export const listingFactsSchema = z.object({
  manufacturer: partySchema,
  packer: partySchema.nullable(),
  importer: partySchema.nullable(),
  countryOfOrigin: shownText(LISTING_FACT_MAX.country),
  /** As printed on the pack: '1 unit', '500 g'. */
  netQuantity: shownText(LISTING_FACT_MAX.quantity),
  /** '30 × 20 × 10 cm'; empty when not stated. */
  dimensions: shownText(LISTING_FACT_MAX.quantity),
  consumerCare: z.object({
    name: shownText(LISTING_FACT_MAX.name),
    phone: shownText(LISTING_FACT_MAX.phone),
    email: shownText(MAX.email),
    address: shownText(LISTING_FACT_MAX.address),
  }),
});
export type ListingFacts = z.infer<typeof listingFactsSchema>;
