import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { FastifyServerFactory } from 'fastify';
import { extensionPoint } from '../kernel/index.ts';
import { answerWithRequestId } from './request-id.ts';
import type { HttpObserver } from '../metrics/face.ts';

/**
 * Answers a request before Fastify sees it, and says as which route pattern (the one Fastify's route has, for the
 * metrics, decision 0066); false leaves the request to Fastify.
 */
export type FastPath = (request: IncomingMessage, response: ServerResponse) => string | false;

/**
 * A module's fast path (decision 0045), made once the security headers every answer carries are known: the
 * catalogue's busiest read, whose routing and hooks were half its time.
 */
export const fastPaths =
  extensionPoint<(securityHeaders: Readonly<Record<string, string>>) => FastPath>('http.fastPaths');

/**
 * A server that tries `paths` in order (read at each request: they are added once known) before Fastify; every
 * answer, theirs or Fastify's, carries the request's X-Request-Id. A fast path's answer is told to `observers`.
 */
export function serverWithFastPaths(
  paths: readonly FastPath[],
  observers: readonly HttpObserver[] = [],
): FastifyServerFactory {
  return (handler, settings) => {
    const server = createServer((request, response) => {
      answerWithRequestId(request, response);
      const began = observers.length > 0 ? performance.now() : 0;
      for (const answer of paths) {
        const route = answer(request, response);
        if (route === false) continue;
        if (observers.length === 0) return;
        const seconds = (performance.now() - began) / 1000;
        for (const observer of observers)
          observer.answered(request.method ?? 'GET', route, response.statusCode, seconds);
        return;
      }
      handler(request, response);
    });
    // What Fastify sets on the server it makes itself.
    server.keepAliveTimeout = Number(settings.keepAliveTimeout);
    server.requestTimeout = Number(settings.requestTimeout);
    server.setTimeout(Number(settings.connectionTimeout));
    return server;
  };
}
