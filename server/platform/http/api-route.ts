import type { FastifyRequest } from 'fastify';

/**
 * Whether a request reached an /api route, by the route Fastify matched once it decoded the path, never by the
 * target's spelling: `/%61pi/auth/me` is /api/auth/me's route, so every /api rule (the general rate limit,
 * `Cache-Control: no-store`) holds for it alike (issue 31, decision 0050).
 */
export const isApiRequest = (request: FastifyRequest): boolean =>
  request.routeOptions.url?.startsWith('/api/') ?? false;
