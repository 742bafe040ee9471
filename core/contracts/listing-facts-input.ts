/** The listing facts as an admin sends them (decision 0036): every string trimmed and bounded, the rules checked. */
import { z } from './zod.ts';
import { email, optionalText, required, requiredText, tooLong } from './fields.ts';
import { LISTING_FACT_MAX } from './listing-facts.ts';

export { LISTING_FACT_MAX };
/** Goods from here need no importer. */
export const HOME_COUNTRY = 'India';

export const LISTING_FACTS_MESSAGES = {
  importerRequired: `Imported goods need the importer's name and address (the country of origin is not ${HOME_COUNTRY}).`,
  phone: 'The consumer-care phone may hold only digits, spaces, +, - and brackets.',
} as const;

/** A name and address, each required; `who` names the party in the messages ('Manufacturer'). */
const partyInput = (who: string) =>
  z.object(
    {
      name: requiredText(`${who}'s name is required`, LISTING_FACT_MAX.name),
      address: requiredText(`${who}'s address is required`, LISTING_FACT_MAX.address),
    },
    { error: `${who}'s name and address are required` },
  );

export const listingFactsInputSchema = z
  .object(
    {
      manufacturer: partyInput('Manufacturer'),
      packer: partyInput('Packer').nullable().default(null),
      importer: partyInput('Importer').nullable().default(null),
      countryOfOrigin: requiredText('Country of origin is required', LISTING_FACT_MAX.country),
      netQuantity: requiredText("Net quantity is required, such as '1 unit' or '500 g'", LISTING_FACT_MAX.quantity),
      dimensions: optionalText(LISTING_FACT_MAX.quantity),
      consumerCare: z.object(
        {
          name: requiredText("Consumer care's name is required", LISTING_FACT_MAX.name),
          // Digits and phone punctuation only, so no control character either.
          phone: required("Consumer care's phone is required")
            .regex(/^[\d +\-()]+$/, LISTING_FACTS_MESSAGES.phone)
            .max(LISTING_FACT_MAX.phone, tooLong(LISTING_FACT_MAX.phone)),
          email: email("Consumer care's e-mail is required", "Consumer care's e-mail is invalid"),
          address: requiredText("Consumer care's address is required", LISTING_FACT_MAX.address),
        },
        { error: 'Consumer care contact is required' },
      ),
    },
    { error: 'Listing facts are required' },
  )
  .refine((facts) => isHome(facts.countryOfOrigin) || facts.importer !== null, {
    error: LISTING_FACTS_MESSAGES.importerRequired,
    path: ['importer'],
  });

const isHome = (country: string) => country.trim().toLowerCase() === HOME_COUNTRY.toLowerCase();
