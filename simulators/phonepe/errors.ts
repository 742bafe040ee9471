import type { FastifyError, FastifyInstance } from 'fastify';
import { ZodError } from 'zod';

/** A failure as PhonePe reports it: an HTTP status and a body of `{ code, message }`. */
export class SimulatorError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'SimulatorError';
  }
}

export const badRequest = (message: string) => new SimulatorError(400, 'BAD_REQUEST', message);
export const notFound = (message: string) => new SimulatorError(404, 'NOT_FOUND', message);

/** The first problem zod found, named by its field, as PhonePe's 400 messages name theirs. */
function validationMessage(error: ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'Invalid request';
  return issue.path.length ? `${issue.path.join('.')}: ${issue.message}` : issue.message;
}

/** Every failure under the simulator's prefix answers `{ code, message }`, never the shop's `{ message }`. */
export function installSimulatorErrors(app: FastifyInstance, log: (message: string, error?: unknown) => void): void {
  app.setErrorHandler((error: FastifyError, _request, reply) => {
    if (error instanceof SimulatorError)
      return reply.code(error.statusCode).send({ code: error.code, message: error.message });
    if (error instanceof ZodError)
      return reply.code(400).send({ code: 'BAD_REQUEST', message: validationMessage(error) });
    // Fastify's own 4xx: a body that is not JSON, a wrong content type, a body too large.
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500)
      return reply.code(error.statusCode).send({ code: 'BAD_REQUEST', message: error.message });
    log('PhonePe simulator: request failed', error);
    return reply.code(500).send({ code: 'INTERNAL_SERVER_ERROR', message: 'Something went wrong in the simulator' });
  });
}
