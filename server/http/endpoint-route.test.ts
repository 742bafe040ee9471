import { describe, expect, it } from 'vitest';
import type { Endpoint } from '../../core/contracts/endpoint.ts';
import { testShopFor } from '../testing/harness.ts';

const isEndpoint = (value: unknown): value is Endpoint =>
  typeof value === 'object' && value !== null && 'method' in value && 'path' in value && 'responses' in value;
// Every contract file, so a new one is checked without being listed here.
const contractFiles = import.meta.glob<Record<string, unknown>>(['../../core/contracts/*.ts', '!**/*.test.ts'], {
  eager: true,
});
const contracts = Object.values(contractFiles).flatMap((contract) => Object.values(contract).filter(isEndpoint));

type Operation = { operationId?: string; tags?: string[]; responses: Record<string, unknown> };
type OpenApi = { tags: { name: string }[]; paths: Record<string, Record<string, Operation>> };

describe('endpoint contracts', () => {
  const shop = testShopFor();

  it('serve every API route: each documented route is a contract, with its status codes, and each contract a route', async () => {
    const spec = (await shop().app.inject({ method: 'GET', url: '/api/docs/json' })).json<OpenApi>();
    // OpenAPI writes `{orderId}` where Fastify and the contracts write `:orderId`.
    const served = Object.entries(spec.paths)
      .filter(([path]) => path.startsWith('/api/'))
      .flatMap(([path, operations]) =>
        Object.entries(operations).map(([method, { responses }]) => ({
          route: `${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`,
          statuses: Object.keys(responses).sort(),
        })),
      );
    const contracted = contracts.map(({ method, path, responses }) => ({
      route: `${method} ${path}`,
      statuses: Object.keys(responses).sort(),
    }));
    const byRoute = (a: { route: string }, b: { route: string }) => a.route.localeCompare(b.route);
    expect(served.sort(byRoute)).toEqual(contracted.sort(byRoute));
  });

  it('name every operation after its contract, once, and tag it with a tag the document defines', async () => {
    const spec = (await shop().app.inject({ method: 'GET', url: '/api/docs/json' })).json<OpenApi>();
    const operations = Object.values(spec.paths).flatMap((byMethod) => Object.values(byMethod));
    const ids = operations.map((operation) => operation.operationId);
    expect(ids).toContain('signUp');
    expect(ids.every((id) => typeof id === 'string' && /^[a-z]\w+$/.test(id))).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    const defined = spec.tags.map((tag) => tag.name);
    for (const operation of operations) {
      expect(operation.tags?.length).toBeGreaterThan(0);
      expect(defined).toEqual(expect.arrayContaining(operation.tags ?? []));
    }
  });
});
