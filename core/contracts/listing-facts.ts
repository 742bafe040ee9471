/**
 * The facts India's Legal Metrology (Packaged Commodities) Rules ask an online listing to show (issue 22, decision
 * 0036): who made it, who packed or imported it, where it comes from, how much is in the pack, its size, and whom to
 * call, as the shop shows them. What an admin may send is `listingFactsInputSchema` (listing-facts-input.ts), kept
 * apart so the storefront's bundle carries none of its rules.
 */
import { z } from './zod.ts';

const partySchema = z.object({ name: z.string(), address: z.string() });
export const listingFactsSchema = z.object({
  manufacturer: partySchema,
  packer: partySchema.nullable(),
  importer: partySchema.nullable(),
  countryOfOrigin: z.string(),
  /** As printed on the pack: '1 unit', '500 g'. */
  netQuantity: z.string(),
  /** '30 × 20 × 10 cm'; empty when not stated. */
  dimensions: z.string(),
  consumerCare: z.object({ name: z.string(), phone: z.string(), email: z.string(), address: z.string() }),
});
export type ListingFacts = z.infer<typeof listingFactsSchema>;
