import type { FastifyInstance } from 'fastify';

/** What a worker process answers on its port (WORKER_MODE=worker): its health routes and its metrics. */
const WORKER_PATHS = /^\/(api\/health(\/live|\/ready)?|metrics)\/?(\?|$)/;

/** Answers 404 to everything else before any route or page runs: a worker serves no shopper. */
export function answerOnlyWorkerRoutes(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    if (!WORKER_PATHS.test(request.url)) return reply.code(404).send({ message: 'Not found' });
  });
}
