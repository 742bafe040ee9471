// The audit module's public face (decision 0033): the back office's append-only log of admin actions. What other
// modules see of it is the platform's audit face (server/platform/audit/face.ts, decision 0061).
export { auditModule, type Audit } from './module.ts';
export type { AuditRow } from './service.ts';
