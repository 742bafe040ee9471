import { pino, stdSerializers, type DestinationStream } from 'pino';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';

/** E-mail link tokens travel in URL paths; the logs keep the path and drop the token. */
const TOKEN_IN_PATH = /\/(verify-email|reset-password)\/[^/?#]+/g;
export const redactUrl = (url: string) => url.replace(TOKEN_IN_PATH, '/$1/[redacted]');

/** A database error's safe fields: what failed and why, never the values (`detail` and query parameters hold them). */
interface DatabaseErrorFields {
  code: string;
  severity?: string;
  routine?: string;
  table?: string;
  column?: string;
  constraint?: string;
}

/** The PostgreSQL error in an error's cause chain (drizzle wraps it in a DrizzleQueryError with the parameters). */
function databaseErrorIn(error: unknown): DatabaseErrorFields | null {
  for (let current = error, depth = 0; current && typeof current === 'object' && depth < 5; depth++) {
    const candidate = current as Partial<DatabaseErrorFields> & { cause?: unknown };
    if (typeof candidate.code === 'string' && /^[0-9A-Z]{5}$/.test(candidate.code) && 'severity' in candidate) {
      const { code, severity, routine, table, column, constraint } = candidate as DatabaseErrorFields;
      return { code, severity, routine, table, column, constraint };
    }
    current = candidate.cause;
  }
  return null;
}

/**
 * Errors as logged. A failed query logs its statement and the database's error code only: the parameters, the
 * error's detail and even its message can carry password hashes, e-mail addresses and reset links.
 */
export function serializeError(error: unknown): object {
  const database = databaseErrorIn(error);
  if (!database) return stdSerializers.err(error as Error);
  const { query } = error as { query?: unknown };
  return {
    type: (error as Error).constructor?.name ?? 'Error',
    message: `Database error ${database.code}`,
    ...(typeof query === 'string' ? { statement: query } : {}),
    ...database,
  };
}

/**
 * One logger for the process. Requests are logged by method, path (tokens removed), IP and status, never by
 * headers or bodies, so no password, access token, cookie or link token can reach a log line.
 */
export function createLogger(level: string, destination?: DestinationStream): FastifyBaseLogger {
  return pino(
    {
      level,
      serializers: {
        req: (request: FastifyRequest) => ({ method: request.method, url: redactUrl(request.url), ip: request.ip }),
        res: (reply: { statusCode: number }) => ({ statusCode: reply.statusCode }),
        err: serializeError,
      },
    },
    destination,
  );
}
