import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../platform/http/endpoint-route.ts';
import { auditLogEndpoint } from '../../core/contracts/admin-audit.ts';
import { actorOf } from '../platform/audit/actor.ts';
import type { AuditLog } from './service.ts';

interface AuditAdminRouteOptions {
  audit: AuditLog;
}

/** The audit log, read in the back office (decision 0033); the admin guard lets only admins reach it. */
export const auditAdminRoutes: FastifyPluginAsyncZod<AuditAdminRouteOptions> = async (app, { audit }) => {
  route(app, auditLogEndpoint, {
    schema: {
      tags: ['admin'],
      summary: 'The audit log of admin actions, newest first',
      description:
        '`admin` is an e-mail; `action` an action (`review.hide`) or its thing (`review`); `from` and `to` are days ' +
        "(YYYY-MM-DD, India's time) or ISO instants; `before` is the previous page's `next`.",
    },
    handler: async (request) => {
      actorOf(request);
      const { admin, action, targetType, targetId, from, to, before, limit } = request.query;
      // One more than the page, to know whether an older page exists.
      const rows = await audit.search({
        adminEmail: admin,
        action,
        targetType,
        targetId,
        from,
        to,
        before,
        limit: limit + 1,
      });
      const page = rows.slice(0, limit);
      return {
        entries: page.map((row) => ({ ...row, at: row.at.toISOString() })),
        next: rows.length > limit ? page.at(-1)!.id : null,
      };
    },
  });
};
