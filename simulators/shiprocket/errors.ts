import type { FastifyError, FastifyInstance } from 'fastify';
import { ZodError } from 'zod';

/** A failure as Shiprocket reports it: an HTTP status and `{ message, status_code }`, with more fields at times. */
export class ShiprocketError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'ShiprocketError';
  }
}

/** Laravel's validation answer, which Shiprocket's API gives: 422, a message, and each field's sentences. */
export function invalidData(errors: Record<string, string[]>): ShiprocketError {
  const first = Object.values(errors)[0]?.[0];
  return new ShiprocketError(422, first ?? 'The given data was invalid.', { errors });
}

function errorsOf(error: ZodError): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const field = issue.path.join('.') || 'body';
    (errors[field] ??= []).push(issue.message);
  }
  return errors;
}

/** Every failure under the simulator's prefix answers Shiprocket's shape, never the shop's `{ message }` alone. */
export function installShiprocketErrors(app: FastifyInstance, log: (message: string, error?: unknown) => void): void {
  app.setErrorHandler((error: FastifyError, _request, reply) => {
    if (error instanceof ShiprocketError)
      return reply
        .code(error.statusCode)
        .send({ message: error.message, ...error.extra, status_code: error.statusCode });
    if (error instanceof ZodError) {
      const invalid = invalidData(errorsOf(error));
      return reply.code(422).send({ message: invalid.message, ...invalid.extra, status_code: 422 });
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500)
      return reply.code(error.statusCode).send({ message: error.message, status_code: error.statusCode });
    log('Shiprocket simulator: request failed', error);
    return reply.code(500).send({ message: 'Something went wrong in the simulator', status_code: 500 });
  });
}
