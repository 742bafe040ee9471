import { sql } from 'drizzle-orm';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { defineModule } from '../platform/kernel/index.ts';
import { route } from '../platform/http/endpoint-route.ts';
import { databaseFace } from '../platform/faces.ts';
import { processFace } from '../platform/process-state.ts';
import { jobsFace } from '../platform/work/jobs.ts';
import { healthEndpoint, healthLiveEndpoint, healthReadyEndpoint } from '../../core/contracts/operations.ts';

const tags = ['operations'];

/** What load balancers, supervisors and the shop's owner read of a running process. */
export const healthModule = defineModule({
  name: 'health',
  needs: { database: databaseFace, jobs: jobsFace, process: processFace },
  create: () => ({}),
  routes: async (app, _own, { database, jobs, process }) => {
    const typed = app.withTypeProvider<ZodTypeProvider>();
    route(typed, healthEndpoint, {
      schema: {
        tags,
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
    route(typed, healthLiveEndpoint, {
      schema: { tags, summary: 'The process runs: 200 without asking the database, for a supervisor' },
      handler: async () => ({ status: 'live' as const }),
    });
    route(typed, healthReadyEndpoint, {
      schema: {
        tags,
        summary: 'Whether to send this process requests: 503 while starting, after SIGTERM, or without a database',
      },
      handler: async (_request, reply) => {
        const { phase } = process;
        if (phase !== 'ready') return reply.code(503).send({ status: phase });
        try {
          await database.db.execute(sql`select 1`);
          return { status: 'ready' as const };
        } catch {
          return reply.code(503).send({ status: 'unavailable' as const });
        }
      },
    });
  },
});
