/**
 * The back office's change forms (issue 32): React Router forms posted to their page's action, which parses them
 * with the contract and forwards them to the API; the page's loaders then read again. Each form carries the
 * session's CSRF token, which the action passes on as the admin guard's header (decision 0033): the token comes
 * from the page, never from the cookie alone. Plain forms and the action's data rather than fetchers: the storefront
 * loads React Router's code for every route's kind of form (decision 0059).
 */
import { useEffect, useRef } from 'react';
import { useActionData, useNavigate, useNavigation } from 'react-router';
import { toast } from '../lib/toast';
import { useAdminViewer } from './viewer';

/** What a form's action answers: the toast's text, and whether the change was made. */
export interface Reply {
  ok: boolean;
  message: string;
  /** The form it answers (its FORM_FIELD). */
  form: string;
  /** The contract refused the form: each field's first message, by the input's name ('specs.0.name'). */
  errors?: Record<string, string>;
  /** Where the page goes once the change is made, e.g. a new product's own page. */
  location?: string;
}

/** The form field of the CSRF token. */
export const CSRF_FIELD = 'csrf';

/** The form field that names which form of the page was sent, e.g. `cancel` or `review-<id>`. */
export const FORM_FIELD = 'form';

/** The form field that names the change, where one form makes several (its buttons' values). */
export const INTENT = 'intent';

/** The hidden fields every change form sends: the CSRF token, the form's name, and its change if it has one. */
export function ChangeFields({ form, intent }: { form: string; intent?: string }) {
  const { csrfToken } = useAdminViewer();
  return (
    <>
      <input type="hidden" name={CSRF_FIELD} value={csrfToken} />
      <input type="hidden" name={FORM_FIELD} value={form} />
      {intent !== undefined && <input type="hidden" name={INTENT} value={intent} />}
    </>
  );
}

/** The action's answer the page has now, once it first arrives while `mounted` (never one from before). */
function useNewReply(handle: (reply: Reply) => void) {
  const reply = useActionData() as Reply | undefined;
  const seen = useRef(reply);
  const handler = useRef(handle);
  useEffect(() => {
    handler.current = handle;
  });
  useEffect(() => {
    if (!reply || reply === seen.current) return;
    seen.current = reply;
    handler.current(reply);
  }, [reply]);
  return reply;
}

/**
 * Toasts the page's answers, once each: the success's text, or the API's (or the contract's) message; a form
 * named in `inline` shows the contract's messages under its inputs, so only the API's are toasted for it. A reply
 * with a location goes there. Called once by each page with change forms.
 */
export function useChangeToasts({ inline = [] }: { inline?: readonly string[] } = {}) {
  const navigate = useNavigate();
  useNewReply((reply) => {
    if (reply.ok) {
      toast.success(reply.message);
      if (reply.location) void navigate(reply.location);
    } else if (!(reply.errors && inline.includes(reply.form))) toast.error(reply.message);
  });
}

/**
 * One form's state: busy while its submit and the page's reading after it run, and the action's reply to it.
 * `onDone` runs after a change of it that worked, e.g. to empty the form.
 */
export function useChangeForm(form: string, onDone?: () => void) {
  const navigation = useNavigation();
  const reply = useNewReply((answer) => {
    if (answer.ok && answer.form === form) onDone?.();
  });
  return {
    busy: navigation.state !== 'idle' && navigation.formData?.get(FORM_FIELD) === form,
    reply: reply?.form === form ? reply : undefined,
  };
}
