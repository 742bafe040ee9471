import type { Route } from './+types/contact-us';
import { ContactForm } from '../contact/ContactForm';
import { pageMeta } from '../lib/meta';

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    matches,
    title: 'Contact us',
    description:
      'Questions about an order, a product or a return? Write to us: every message gets a ticket number and a reply.',
    path: '/contact-us',
  });

export default function ContactUs() {
  return (
    <section className="mx-auto grid w-full max-w-5xl gap-10 px-4 py-10 sm:py-16 lg:grid-cols-[1fr_1.4fr]">
      <div>
        <h1 className="text-2xl font-semibold md:text-3xl">Contact us</h1>
        <p className="mt-4 text-lg text-stone-700">Need any further assistance? we&apos;re happy to help you.</p>
        <p className="mt-4 text-stone-600">
          Each message gets a ticket number by e-mail, and we acknowledge every complaint within 48 hours. Our phone
          number and e-mail address are at the foot of every page.
        </p>
      </div>
      <div className="rounded-xl border border-stone-200 bg-white p-5 shadow-sm sm:p-8">
        <ContactForm />
      </div>
    </section>
  );
}
