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

/** A text field of a failed query's PostgreSQL error, from the driver's error or the one Drizzle wraps. */
function databaseErrorField(error: unknown, field: 'code' | 'constraint'): string | undefined {
  const outer = (error ?? {}) as Record<string, unknown>;
  const value = typeof outer[field] === 'string' ? outer[field] : (outer.cause as Record<string, unknown>)?.[field];
  return typeof value === 'string' ? value : undefined;
}

/** PostgreSQL's SQLSTATE of a failed query. */
export const sqlState = (error: unknown) => databaseErrorField(error, 'code');
/** The constraint a failed statement broke (a unique index, a check). */
export const brokenConstraint = (error: unknown) => databaseErrorField(error, 'constraint');

/**
 * Text PostgreSQL cannot take (NUL, bytes invalid in UTF-8, a bad number or uuid): the client's input, so a 400.
 * Validation refuses these first; this is the backstop for a field it missed.
 */
const BAD_INPUT_STATES = new Set([
  '22021', // character_not_in_repertoire
  '22P02', // invalid_text_representation
  '22P05', // untranslatable_character
]);
export const BAD_INPUT_MESSAGE = 'The request contains characters or values that cannot be stored. Please check it.';

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
    const state = sqlState(error);
    if (state && BAD_INPUT_STATES.has(state)) {
      // A field validation missed: the code says which kind, without the input itself.
      request.log.warn({ sqlState: state, url: request.routeOptions.url }, 'the database refused a request input');
      return send(400, BAD_INPUT_MESSAGE);
    }
    if (!isResponseSerializationError(error) && error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return send(error.statusCode, error.message);
    }
    request.log.error({ err: error }, 'request failed');
    return reply.code(500).send({ message: 'Something went wrong on our side. Please try again.' });
  });
}
