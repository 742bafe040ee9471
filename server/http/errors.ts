import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { ZodError } from 'zod';

/** An error whose message is safe to show the client, with the HTTP status that goes with it. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    /** Extra response headers, e.g. Retry-After. */
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The spec's client reads sign-in, sign-up and Google errors from `error`: those routes repeat the message there. */
    echoError?: boolean;
  }
}

/** Every failure becomes `{ message }`: a 4xx that says what is wrong, or a 500 that leaks nothing. */
export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const send = (statusCode: number, message: string, headers: Record<string, string> = {}) =>
      reply
        .code(statusCode)
        .headers(headers)
        .send(request.routeOptions.config?.echoError ? { message, error: message } : { message });
    if (hasZodFastifySchemaValidationErrors(error)) return send(400, error.validation[0]?.message ?? 'Invalid request');
    if (error instanceof HttpError) return send(error.statusCode, error.message, error.headers);
    if (error instanceof ZodError) return send(400, error.issues[0]?.message ?? 'Invalid request');
    if (!isResponseSerializationError(error) && error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return send(error.statusCode, error.message);
    }
    request.log.error({ err: error }, 'request failed');
    return reply.code(500).send({ message: 'Something went wrong on our side. Please try again.' });
  });
}
