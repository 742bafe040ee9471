import { CONTACT_MESSAGES, contactRequestSchema } from '../../core/contracts/contact';
import { EmailField, Field, PhoneField, TextAreaField } from '../components/form/Field';
import { FormAlert } from '../components/form/FormAlert';
import { SubmitButton } from '../components/form/SubmitButton';
import { emptyValues, useForm } from '../lib/form';
import { ApiError } from '../lib/http';
import { toast } from '../lib/toast';
import { sendContactMessage } from './api';
import { Honeypot } from './fields';

/** Too many messages has the server's words (when to try again); any other failure the spec's. */
const failureMessage = (error: unknown) =>
  error instanceof ApiError && error.status === 429 ? error.message : CONTACT_MESSAGES.failed;

/**
 * The contact form (spec sections 4, 5 and 8): the first invalid field's message as a toast, in field order;
 * 'Sent Successfully' and all fields cleared once sent.
 */
export function ContactForm() {
  const form = useForm(contactRequestSchema, { failureMessage, onFailure: toast.error, onInvalid: toast.error });
  const submit = form.handleSubmit(async (data) => {
    const { message } = await sendContactMessage(data);
    toast.success(message);
    form.setValues(emptyValues(contactRequestSchema));
  });

  return (
    <form noValidate onSubmit={submit} className="space-y-5">
      <Field label="Full name" autoComplete="name" required {...form.field('fullname')} />
      <div className="grid gap-5 sm:grid-cols-2">
        <EmailField label="Email" required {...form.field('email')} />
        <PhoneField label="Phone" required {...form.field('phone')} />
      </div>
      <TextAreaField label="Message" required {...form.field('message')} />
      <Honeypot {...form.field('website')} />
      <FormAlert message={form.formError} />
      <SubmitButton busy={form.busy} busyLabel="Sending...">
        Send Message
      </SubmitButton>
    </form>
  );
}
