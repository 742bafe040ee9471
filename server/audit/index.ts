// The audit module's public face (decision 0033): the back office's append-only log of admin actions.
export { AuditLog, type AuditEntry, type AuditRow, type AuditSearch } from './service.ts';
export { actorOf, type AdminActor } from './actor.ts';
export { auditAdminRoutes } from './admin-routes.ts';
export { auditModule, auditFace, type Audit } from './module.ts';
