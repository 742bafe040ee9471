import { data } from 'react-router';

/** Any path no other route claims: the root error boundary shows 'Error, page not found' with status 404. */
export function loader() {
  throw data('Not found', { status: 404 });
}

export default function NotFound() {
  return null;
}
