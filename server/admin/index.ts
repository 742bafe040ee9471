// The back office's module (decision 0048): the admin guard, sign-in with a second factor, the team and its
// invitations. Pages read the admin session's cookie.
export { adminModule, type BackOffice } from './module.ts';
export { ADMIN_COOKIE } from './guard.ts';
export type { AdminService } from './service.ts';
