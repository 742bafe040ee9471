import type { ListingFacts as Facts } from '../../core/contracts/listing-facts';

/** A name and address on one line, as a label prints them. */
const party = ({ name, address }: { name: string; address: string }) => `${name}, ${address}`;

/**
 * The Legal Metrology facts an online listing must show (decision 0036): markup only, in the server's HTML, so it
 * costs the product page no JavaScript.
 */
export function ListingFacts({ facts }: { facts: Facts }) {
  const { consumerCare: care } = facts;
  const rows: Array<[string, string]> = [
    ['Manufacturer', party(facts.manufacturer)],
    ...(facts.packer ? [['Packer', party(facts.packer)] as [string, string]] : []),
    ...(facts.importer ? [['Importer', party(facts.importer)] as [string, string]] : []),
    ['Country of origin', facts.countryOfOrigin],
    ['Net quantity', facts.netQuantity],
    ...(facts.dimensions ? [['Dimensions', facts.dimensions] as [string, string]] : []),
  ];
  return (
    <section aria-labelledby="legal-information" className="pt-2">
      <h2 id="legal-information" className="text-lg font-semibold text-ink">
        Legal information
      </h2>
      <dl className="mt-2 grid gap-x-6 gap-y-2 sm:grid-cols-[max-content_1fr]">
        {rows.map(([term, detail]) => (
          <div key={term} className="contents">
            <dt className="font-medium text-stone-800">{term}</dt>
            <dd className="text-stone-700">{detail}</dd>
          </div>
        ))}
        <div className="contents">
          <dt className="font-medium text-stone-800">Consumer care</dt>
          <dd className="text-stone-700">
            {care.name}, {care.address}
            <br />
            Phone: <a href={`tel:${care.phone.replace(/[^\d+]/g, '')}`}>{care.phone}</a>, e-mail:{' '}
            <a href={`mailto:${care.email}`}>{care.email}</a>
          </dd>
        </div>
      </dl>
    </section>
  );
}
