import { failedStepOf } from '../db/workflow.ts';
import { pino, stdSerializers, type DestinationStream } from 'pino';
import { LogController, type FastifyBaseLogger, type FastifyReply, type FastifyRequest } from 'fastify';

/**
 * E-mail link tokens travel in URL paths (verification, reset, admin invitations) and in `token=` query values (the
 * back-in-stock stop link, decision 0049); the logs keep the path and the parameter's name and drop the token.
 */
const TOKEN_IN_PATH = /\/(verify-email|reset-password|invitations?)\/[^/?#]+/g;
const TOKEN_IN_QUERY = /([?&]token=)[^&#]*/gi;
export const redactUrl = (url: string) =>
  url.replace(TOKEN_IN_PATH, '/$1/[redacted]').replace(TOKEN_IN_QUERY, '$1[redacted]');

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
  for (const current of causeChain(error)) {
    const candidate = current as Partial<DatabaseErrorFields>;
    if (typeof candidate.code === 'string' && /^[0-9A-Z]{5}$/.test(candidate.code) && 'severity' in candidate) {
      const { code, severity, routine, table, column, constraint } = candidate as DatabaseErrorFields;
      return { code, severity, routine, table, column, constraint };
    }
  }
  return null;
}

/** An error and its causes, outermost first (at most five). */
function causeChain(error: unknown): object[] {
  const chain: object[] = [];
  for (let current = error; current && typeof current === 'object' && chain.length < 5;) {
    chain.push(current);
    current = (current as { cause?: unknown }).cause;
  }
  return chain;
}

/**
 * A failed query in an error's cause chain: its statement (placeholders, never values) and, when it never reached
 * the database (a lost connection, say), the cause's message. drizzle's own message lists the parameters.
 */
function failedQueryIn(error: unknown): { statement: string; cause?: string } | null {
  for (const current of causeChain(error)) {
    const { query, params, cause } = current as { query?: unknown; params?: unknown; cause?: unknown };
    if (typeof query === 'string' && Array.isArray(params))
      return { statement: query, ...(cause instanceof Error ? { cause: withoutParams(cause.message) } : {}) };
  }
  return null;
}

/** Whatever follows drizzle's "params:" line, should a query's message have been copied into another error's. */
const withoutParams = (message: string) => message.replace(/\n?params: [\s\S]*$/, '');

/**
 * Errors as logged. A failed query logs its statement and the database's error code only: the parameters, the
 * error's detail and even its message can carry password hashes, e-mail addresses and reset links.
 */
export function serializeError(error: unknown): object {
  const step = failedStepOf(error);
  return step ? { ...serializeCause(error), step } : serializeCause(error);
}

function serializeCause(error: unknown): object {
  const database = databaseErrorIn(error);
  const query = failedQueryIn(error);
  if (!database && !query) return stdSerializers.err(error as Error);
  return {
    type: (error as Error).constructor?.name ?? 'Error',
    message: database ? `Database error ${database.code}` : `Query failed: ${query!.cause ?? 'no reason given'}`,
    ...(query ? { statement: query.statement } : {}),
    ...database,
  };
}

/**
 * One line that says what went wrong, safe to log and to store (jobs.last_error, a mail's last error): a failed
 * query gives its SQLSTATE, the constraint or table named, and its statement, never its parameters or the
 * database's message (both can hold an e-mail address or a mail's body); any other error gives its message.
 */
export function describeError(error: unknown): string {
  const step = failedStepOf(error);
  return step ? `${step} failed: ${describeCause(error)}` : describeCause(error);
}

function describeCause(error: unknown): string {
  const database = databaseErrorIn(error);
  const query = failedQueryIn(error);
  if (!database && !query) return withoutParams(error instanceof Error ? error.message : String(error));
  const where = database?.constraint ?? database?.table;
  const what = database
    ? `Database error ${database.code}${where ? ` (${where})` : ''}`
    : `Query failed: ${query!.cause ?? 'no reason given'}`;
  return query ? `${what} in: ${query.statement}` : what;
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

/** A request slower than this is logged whatever it was. */
const SLOW_REQUEST_MS = 1000;

/**
 * One line per request once answered (decision 0043), in place of Fastify's two: at info for every write, every
 * refusal or failure and every slow answer; at debug for a read answered well, which a shop serves by the thousand
 * (the page cache counts its own, once a minute). LOG_LEVEL=debug logs them all.
 */
export class AnsweredRequestLog extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (error) return super.requestCompleted(error, request, reply);
    const read = request.method === 'GET' || request.method === 'HEAD';
    const worthTelling = !read || reply.statusCode >= 400 || reply.elapsedTime > SLOW_REQUEST_MS;
    reply.log[worthTelling ? 'info' : 'debug'](
      { req: request, res: reply, responseTime: reply.elapsedTime },
      'request completed',
    );
  }
}
