/** The operations contract: what load balancers and the shop's owner read. */
import { z } from './zod.ts';
import { endpoint } from './endpoint.ts';
import { MESSAGE_MAX, shownText } from './fields.ts';

export const healthEndpoint = endpoint({
  method: 'GET',
  path: '/api/health',
  responses: {
    200: z.object({
      status: z.literal('ok'),
      database: z.enum(['pglite', 'postgres']),
      /** Jobs that failed their last allowed run (decision 0021). */
      deadJobs: z.number().int(),
    }),
    503: z.object({ status: z.literal('unavailable'), message: shownText(MESSAGE_MAX) }),
  },
});

/** Liveness: the process runs (no database query), for a supervisor deciding whether to restart it. */
export const healthLiveEndpoint = endpoint({
  method: 'GET',
  path: '/api/health/live',
  responses: { 200: z.object({ status: z.literal('live') }) },
});

/** Readiness: whether a balancer should send this process requests (started, not draining, database answering). */
export const healthReadyEndpoint = endpoint({
  method: 'GET',
  path: '/api/health/ready',
  responses: {
    200: z.object({ status: z.literal('ready') }),
    503: z.object({ status: z.enum(['starting', 'draining', 'unavailable']) }),
  },
});
