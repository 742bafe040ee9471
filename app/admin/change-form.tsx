/**
 * The back office's change forms (issue 32): React Router forms posted to their page's action (a fetcher, so the
 * page stays where it is), which parses them with the contract and forwards them to the API; the page's loaders
 * then read again. Each form carries the session's CSRF token, which the action passes on as the admin guard's
 * header (decision 0033): the token comes from the page, never from the cookie alone.
 */
import { useEffect, useRef } from 'react';
import { useFetcher } from 'react-router';
import { toast } from '../lib/toast';
import { useAdminViewer } from './viewer';

/** What a form's action answers: the toast's text, and whether the change was made. */
export interface Reply {
  ok: boolean;
  message: string;
}

/** The form field of the CSRF token. */
export const CSRF_FIELD = 'csrf';

/** The form field that names which of a page's forms was sent. */
export const INTENT = 'intent';

export function CsrfField() {
  const { csrfToken } = useAdminViewer();
  return <input type="hidden" name={CSRF_FIELD} value={csrfToken} />;
}

/**
 * A fetcher whose answers are toasted: the success's text, or the API's (or the contract's) message. `onDone` runs
 * after a change that worked, e.g. to empty the form.
 */
export function useChangeForm(onDone?: () => void) {
  const fetcher = useFetcher<Reply>();
  const done = useRef(onDone);
  useEffect(() => {
    done.current = onDone;
  });
  const { data } = fetcher;
  useEffect(() => {
    if (!data) return;
    if (data.ok) {
      toast.success(data.message);
      done.current?.();
    } else toast.error(data.message);
  }, [data]);
  return { fetcher, busy: fetcher.state !== 'idle' };
}
