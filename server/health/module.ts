import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { defineModule } from '../platform/kernel/index.ts';
import { route } from '../platform/http/endpoint-route.ts';
import { databaseFace } from '../platform/faces.ts';
import { jobsFace } from '../platform/work/jobs.ts';
import { healthEndpoint } from '../../core/contracts/operations.ts';

/** What load balancers and the shop's owner read of a running process. */
export const healthModule = defineModule({
  name: 'health',
  needs: { database: databaseFace, jobs: jobsFace },
  create: () => ({}),
  routes: async (app, _own, { database, jobs }) => {
    route(app.withTypeProvider<ZodTypeProvider>(), healthEndpoint, {
      schema: {
        tags: ['operations'],
        summary: 'Database reachability, for load balancers, and the jobs that failed for ever, for the owner',
      },
      handler: async (_request, reply) => {
        try {
          // Jobs that failed their last allowed run wait here for someone to look (decision 0021).
          const deadJobs = await jobs.jobs.deadCount();
          return { status: 'ok' as const, database: database.kind, deadJobs };
        } catch {
          return reply.code(503).send({ status: 'unavailable', message: 'Database unreachable' });
        }
      },
    });
  },
});
