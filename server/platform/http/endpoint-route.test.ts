import { describe, expect, it } from 'vitest';
import type { Endpoint } from '../../../core/contracts/endpoint.ts';
import { testShopFor } from '../../testing/harness.ts';
import { standardAnswers } from './endpoint-route.ts';
import { operationIdOf } from './operation-ids.ts';

const isEndpoint = (value: unknown): value is Endpoint =>
  typeof value === 'object' && value !== null && 'method' in value && 'path' in value && 'responses' in value;
// Every contract file, so a new one is checked without being listed here.
const contractFiles = import.meta.glob<Record<string, unknown>>(['../../../core/contracts/*.ts', '!**/*.test.ts'], {
  eager: true,
});
const contracts = Object.values(contractFiles).flatMap((contract) => Object.values(contract).filter(isEndpoint));

type Operation = {
  operationId?: string;
  tags?: string[];
  security?: Record<string, string[]>[];
  responses: Record<string, unknown>;
};
type OpenApi = { tags: { name: string }[]; paths: Record<string, Record<string, Operation>> };

describe('endpoint contracts', () => {
  const shop = testShopFor();

  it('serve every API route: each documented route is a contract, with its status codes and the ones its guards and the error handler answer, and each contract a route', async () => {
    const spec = (await shop().app.inject({ method: 'GET', url: '/api/docs/json' })).json<OpenApi>();
    // OpenAPI writes `{orderId}` where Fastify and the contracts write `:orderId`.
    const securityOf = new Map<string, Operation['security']>();
    const served = Object.entries(spec.paths)
      .filter(([path]) => path.startsWith('/api/'))
      .flatMap(([path, operations]) =>
        Object.entries(operations).map(([method, { responses, security }]) => {
          const route = `${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`;
          securityOf.set(route, security);
          return { route, statuses: Object.keys(responses).sort() };
        }),
      );
    const contractOfRoute = new Map(contracts.map((contract) => [`${contract.method} ${contract.path}`, contract]));
    const contracted = contracts.map((contract) => {
      const { method, path, responses } = contract;
      const route = `${method} ${path}`;
      const standard = Object.keys(standardAnswers(securityOf.get(route), operationIdOf(contract)));
      return { route, statuses: [...new Set([...Object.keys(responses), ...standard])].sort() };
    });
    // Every route documents the error handler's 400 and 500; one with a shopper's token, its 401; all but the
    // exempt catalogue reads, the general rate limit's 429 (decision 0041).
    expect(standard('GET /api/cart')).toEqual(['400', '401', '429', '500']);
    expect(standard('GET /api/product/all-products')).toEqual(['400', '500']);
    const byRoute = (a: { route: string }, b: { route: string }) => a.route.localeCompare(b.route);
    expect(served.sort(byRoute)).toEqual(contracted.sort(byRoute));

    function standard(route: string) {
      const contract = contractOfRoute.get(route);
      return Object.keys(standardAnswers(securityOf.get(route), contract && operationIdOf(contract))).sort();
    }
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
