import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../platform/audit/actor.ts';
import { route } from '../platform/http/endpoint-route.ts';
import { dashboardEndpoint, type DashboardSection } from '../../core/contracts/admin-dashboard.ts';
import type { DashboardSource } from '../platform/dashboard/face.ts';

export interface DashboardAdminRouteOptions {
  /** In the order the page shows them. */
  sources: readonly DashboardSource[];
}

/** The back office's dashboard: each source's section; one that fails is logged and left out, not the page. */
export const dashboardAdminRoutes: FastifyPluginAsyncZod<DashboardAdminRouteOptions> = async (app, { sources }) => {
  route(app, dashboardEndpoint, {
    schema: {
      tags: ['admin'],
      summary: "The dashboard's sections: low stock, unread messages, and whatever else the shop reports",
    },
    handler: async (request) => {
      actorOf(request);
      const settled = await Promise.allSettled(sources.map((source) => source()));
      const sections: DashboardSection[] = [];
      for (const outcome of settled) {
        if (outcome.status === 'fulfilled') sections.push(outcome.value);
        else request.log.warn({ err: outcome.reason }, 'A dashboard section failed');
      }
      return { sections };
    },
  });
};
