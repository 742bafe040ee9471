import type { AddressInfo } from 'node:net';
import type { FastifyServerFactoryHandler } from 'fastify';
import { describe, expect, it } from 'vitest';
import { serverWithFastPaths, type FastPath } from './fast-paths.ts';
import type { HttpObserver } from '../metrics/face.ts';

describe('serverWithFastPaths', () => {
  it("tells the observers a fast path's answer under its route pattern, and leaves Fastify's to Fastify", async () => {
    const told: unknown[][] = [];
    const observer: HttpObserver = { answered: (...args) => void told.push(args), pageCache: () => {} };
    const fast: FastPath = (request, response) => {
      if (!request.url?.startsWith('/fast/')) return false;
      response.writeHead(203).end('fast');
      return '/fast/:id';
    };
    const toFastify: FastifyServerFactoryHandler = (_request, response) => void response.writeHead(200).end('slow');
    const server = serverWithFastPaths([fast], [observer])(toFastify, {
      keepAliveTimeout: 1000,
      requestTimeout: 1000,
      connectionTimeout: 1000,
    } as never);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      expect(await (await fetch(`${base}/fast/123`)).text()).toBe('fast');
      expect(await (await fetch(`${base}/slow`)).text()).toBe('slow');
      expect(told).toHaveLength(1);
      expect(told[0]!.slice(0, 3)).toEqual(['GET', '/fast/:id', 203]);
      expect(told[0]![3]).toBeGreaterThanOrEqual(0);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
