// The admin module's public face (decision 0033): the back office's admins, their sign-in and the one guard of
// `/api/admin/*`, inside which every capability's back-office routes are registered.
export { adminApi, type AdminApiOptions } from './routes.ts';
export { adminSecurity } from './guard.ts';
export { AdminService, ADMIN_SESSION_HOURS, type OwnerCredentials, type AdminSession } from './service.ts';
export { ADMIN_COOKIE } from './guard.ts';
export { totpCode } from './second-factor.ts';
export { AdminInvitations } from './invitations.ts';
export { loadSecretsKey } from './secret-box.ts';
export { adminModule, adminFace, type BackOffice } from './module.ts';
