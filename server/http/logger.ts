import { pino, stdSerializers, type DestinationStream } from 'pino';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';

/** E-mail link tokens travel in URL paths; the logs keep the path and drop the token. */
const TOKEN_IN_PATH = /\/(verify-email|reset-password)\/[^/?#]+/g;
export const redactUrl = (url: string) => url.replace(TOKEN_IN_PATH, '/$1/[redacted]');

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
        err: stdSerializers.err,
      },
    },
    destination,
  );
}
