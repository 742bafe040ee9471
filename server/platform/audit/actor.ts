import type { FastifyRequest } from 'fastify';
import { HttpError } from '../http/errors.ts';

/** Who acts in the back office: a signed-in admin past the second factor, and where from. */
export interface AdminActor {
  userId: string;
  email: string;
  role: 'owner' | 'staff';
  ip: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the back office's guard (server/admin) on every `/api/admin/*` request it lets through. */
    adminActor: AdminActor | null;
  }
}

/** The acting admin of a back-office route; the guard has already refused everyone else. */
export function actorOf(request: FastifyRequest): AdminActor {
  if (!request.adminActor) throw new HttpError(403, 'Only shop admins can do this');
  return request.adminActor;
}
