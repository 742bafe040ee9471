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
