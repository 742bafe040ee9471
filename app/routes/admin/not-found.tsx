import { data } from 'react-router';
import type { Route } from './+types/not-found';
import { adminOrNotFound } from '../../admin/viewer';

/** A path under /admin that is no page: a 404, to an admin too (a visitor gets it from the guard first). */
export async function loader({ context, request }: Route.LoaderArgs) {
  await adminOrNotFound(context, request);
  throw data('Not found', { status: 404 });
}

export default function NoAdminPage() {
  return null;
}
