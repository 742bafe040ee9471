import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { FastifyServerFactory } from 'fastify';
import { extensionPoint } from '../kernel/index.ts';
import { answerWithRequestId } from './request-id.ts';

/** Answers a request before Fastify sees it, and says so; false leaves the request to Fastify. */
export type FastPath = (request: IncomingMessage, response: ServerResponse) => boolean;

/**
 * A module's fast path (decision 0045), made once the security headers every answer carries are known: the
 * catalogue's busiest read, whose routing and hooks were half its time.
 */
export const fastPaths =
  extensionPoint<(securityHeaders: Readonly<Record<string, string>>) => FastPath>('http.fastPaths');

/**
 * A server that tries `paths` in order (read at each request: they are added once known) before Fastify; every
 * answer, theirs or Fastify's, carries the request's X-Request-Id.
 */
export function serverWithFastPaths(paths: readonly FastPath[]): FastifyServerFactory {
  return (handler, settings) => {
    const server = createServer((request, response) => {
      answerWithRequestId(request, response);
      for (const answer of paths) if (answer(request, response)) return;
      handler(request, response);
    });
    // What Fastify sets on the server it makes itself.
    server.keepAliveTimeout = Number(settings.keepAliveTimeout);
    server.requestTimeout = Number(settings.requestTimeout);
    server.setTimeout(Number(settings.connectionTimeout));
    return server;
  };
}
