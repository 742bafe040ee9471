import { defineModule } from '../platform/kernel/index.ts';
import { auditFace } from '../platform/audit/face.ts';
import { databaseFace } from '../platform/faces.ts';
import { AuditLog } from './service.ts';
import { auditAdminRoutes } from './admin-routes.ts';

export interface Audit {
  /** The back office's append-only log of admin actions. */
  audit: AuditLog;
}

export const auditModule = defineModule({
  name: 'audit',
  needs: { database: databaseFace },
  provides: auditFace,
  create: ({ needs }): Audit => ({ audit: new AuditLog(needs.database) }),
  adminRoutes: async (scope, { audit }) => {
    await scope.register(auditAdminRoutes, { audit });
  },
});
