/**
 * Every string the OpenAPI document bounds with `maxLength` is refused one character over it, with a 400, by the route
 * and by the contract the route validates with; at its `maxLength` the contract does not call it too long. The test
 * walks the document, so a new field is checked without being listed here (issue 23).
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Endpoint, RequestPart } from '../../../core/contracts/endpoint.ts';
import type { z } from '../../../core/contracts/zod.ts';
import { testShopFor } from '../../testing/harness.ts';
import { signedInAdmin } from '../../testing/admin-session.ts';
import { verifiedShopper } from '../../testing/orders.ts';
import { webhookAuthorization } from '../../../simulators/phonepe/index.ts';

type Schema = {
  type?: string;
  format?: string;
  enum?: unknown[];
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  allOf?: Schema[];
  anyOf?: Schema[];
};
type Parameter = { in: 'path' | 'query' | 'header'; name: string; schema: Schema };
type Operation = {
  operationId: string;
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema: Schema }> };
};
type OpenApi = { paths: Record<string, Record<string, Operation>> };

const isEndpoint = (value: unknown): value is Endpoint =>
  typeof value === 'object' && value !== null && 'method' in value && 'path' in value && 'responses' in value;
const contractFiles = import.meta.glob<Record<string, unknown>>(['../../../core/contracts/*.ts', '!**/*.test.ts'], {
  eager: true,
});
const contractsById = new Map(
  Object.values(contractFiles).flatMap((exports) =>
    Object.entries(exports)
      .filter((entry): entry is [string, Endpoint] => isEndpoint(entry[1]))
      .map(([name, endpoint]) => [name.replace(/Endpoint$/, ''), endpoint]),
  ),
);

const patternsOf = (schema: Schema): RegExp[] =>
  [schema.pattern, ...(schema.allOf ?? []).map((part) => part.pattern)]
    .filter((pattern): pattern is string => pattern !== undefined)
    .map((pattern) => new RegExp(pattern));

/** `length` characters the string's patterns accept where one character allows it: the length is then the issue. */
function text(schema: Schema, length: number): string {
  const patterns = patternsOf(schema);
  const fits = ['a', '1', 'A', '-'].find((char) => patterns.every((pattern) => pattern.test(char.repeat(length))));
  return (fits ?? 'a').repeat(length);
}

/** A value of the schema's shape; not always one the route accepts, which does not matter for a 400. */
function sample(schema: Schema): unknown {
  if (schema.enum) return schema.enum[0];
  if (schema.allOf && !schema.type) return Object.assign({}, ...schema.allOf.map(sample));
  if (schema.anyOf) return sample(schema.anyOf[0]!);
  switch (schema.type) {
    case 'string':
      return schema.format === 'uuid' ? randomUUID() : text(schema, Math.max(1, schema.minLength ?? 1));
    case 'integer':
    case 'number':
      return schema.minimum ?? 1;
    case 'boolean':
      return false;
    case 'array':
      return [];
    case 'object':
      return Object.fromEntries((schema.required ?? []).map((name) => [name, sample(schema.properties![name]!)]));
    default:
      return 'x';
  }
}

/** Each bounded string inside a JSON body: its path, and the body with it set to `value`. */
function* boundedStrings(
  schema: Schema,
  path: (string | number)[] = [],
): Generator<{ path: (string | number)[]; schema: Schema }> {
  if (schema.type === 'string' && schema.maxLength !== undefined) yield { path, schema };
  for (const part of schema.allOf ?? []) if (!part.pattern) yield* boundedStrings(part, path);
  for (const [name, property] of Object.entries(schema.properties ?? {}))
    yield* boundedStrings(property, [...path, name]);
  if (schema.items) yield* boundedStrings(schema.items, [...path, 0]);
}

/** `value` with the string at `path` replaced, building the objects and one-item lists on the way. */
function withValueAt(schema: Schema, path: (string | number)[], value: string): unknown {
  if (path.length === 0) return value;
  const [step, ...rest] = path;
  if (typeof step === 'number') return [withValueAt(schema.items!, rest, value)];
  const properties = Object.assign({}, schema.properties, ...(schema.allOf ?? []).map((part) => part.properties));
  return { ...(sample(schema) as object), [step!]: withValueAt(properties[step!]!, rest, value) };
}

interface Case {
  name: string;
  part: RequestPart;
  method: string;
  url: string;
  schema: Schema;
  /** The request's parts, with the string at `path` set to the given value. */
  request(value: string): {
    url: string;
    query: Record<string, string>;
    headers: Record<string, string>;
    body?: unknown;
  };
  /** Where the contract's issue is, in the part. */
  path: (string | number)[];
  contract: Endpoint;
}

function casesOf(spec: OpenApi): Case[] {
  const cases: Case[] = [];
  for (const [path, operations] of Object.entries(spec.paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      const contract = contractsById.get(operation.operationId)!;
      const parameters = operation.parameters ?? [];
      const json = operation.requestBody?.content['application/json']?.schema;
      const base = (override?: { in: string; name: string; value: string }, body?: unknown) => {
        const valueOf = (parameter: Parameter) =>
          override && override.in === parameter.in && override.name === parameter.name
            ? override.value
            : String(sample(parameter.schema));
        const url = path.replace(/\{(\w+)\}/g, (_match, name: string) =>
          encodeURIComponent(
            valueOf(parameters.find((parameter) => parameter.in === 'path' && parameter.name === name)!),
          ),
        );
        const pick = (where: string) =>
          Object.fromEntries(
            parameters
              .filter((parameter) => parameter.in === where)
              .filter((parameter) => override?.name === parameter.name || parameter.in === 'path')
              .map((parameter) => [parameter.name, valueOf(parameter)]),
          );
        return { url, query: pick('query'), headers: pick('header'), body: body ?? (json ? sample(json) : undefined) };
      };
      for (const parameter of parameters.filter((one) => one.schema.maxLength !== undefined)) {
        const part = ({ path: 'params', query: 'querystring', header: 'headers' } as const)[parameter.in];
        cases.push({
          name: `${method.toUpperCase()} ${path} ${parameter.in} ${parameter.name}`,
          part,
          method,
          url: path,
          schema: parameter.schema,
          request: (value) => base({ in: parameter.in, name: parameter.name, value }),
          path: [parameter.name],
          contract,
        });
      }
      for (const bounded of json ? [...boundedStrings(json)] : []) {
        cases.push({
          name: `${method.toUpperCase()} ${path} body ${bounded.path.join('.')}`,
          part: 'body',
          method,
          url: path,
          schema: bounded.schema,
          request: (value) => base(undefined, withValueAt(json!, bounded.path, value)),
          path: bounded.path,
          contract,
        });
      }
    }
  }
  return cases;
}

/** The part as the contract reads it: a path's and a query's values are strings, as Fastify gives them. */
function contractInput(testCase: Case, value: string): unknown {
  const request = testCase.request(value);
  if (testCase.part === 'body') return request.body;
  if (testCase.part === 'headers') return request.headers;
  if (testCase.part === 'querystring') return request.query;
  return { [testCase.path[0]!]: value };
}

const sameStart = (issue: z.core.$ZodIssue, path: (string | number)[]) =>
  path.every((step, index) => issue.path[index] === step);

describe('string limits', () => {
  const shop = testShopFor();

  it('refuse a string one character over its maxLength with a 400, and take it at its maxLength', async () => {
    const spec = (await shop().app.inject({ method: 'GET', url: '/api/docs/json' })).json<OpenApi>();
    const cases = casesOf(spec);
    expect(cases.length).toBeGreaterThan(50);
    // Signed in as a shopper and as a back-office admin at once, and PhonePe's and Shiprocket's credentials for their
    // webhooks, so a route's guard lets the request reach its validation.
    const admin = await signedInAdmin(shop());
    const signedIn = { ...(await verifiedShopper(shop())).bearer, ...admin.headers };
    const { username, password } = shop().services.paymentSetup.webhook;
    const asGateway = { authorization: webhookAuthorization(username, password) };
    const asCourier = { 'x-api-key': shop().services.courierSetup.webhookToken! };
    const guardOf = (url: string) =>
      url === '/api/payment/webhook' ? asGateway : url === '/api/shipping/tracking' ? asCourier : {};
    const failures: string[] = [];
    for (const testCase of cases) {
      const max = testCase.schema.maxLength!;
      const schema = testCase.contract[testCase.part] as z.ZodType;
      const over = schema.safeParse(contractInput(testCase, text(testCase.schema, max + 1)));
      if (over.success || !over.error.issues.some((issue) => sameStart(issue, testCase.path)))
        failures.push(`${testCase.name}: the contract takes ${max + 1} characters`);
      const atMax = schema.safeParse(contractInput(testCase, text(testCase.schema, max)));
      const tooBig =
        !atMax.success && atMax.error.issues.some((i) => i.code === 'too_big' && sameStart(i, testCase.path));
      if (tooBig) failures.push(`${testCase.name}: the contract refuses ${max} characters as too long`);
      const request = testCase.request(text(testCase.schema, max + 1));
      const response = await shop().app.inject({
        method: testCase.method.toUpperCase() as 'GET',
        url: request.url,
        query: request.query,
        headers: { ...signedIn, ...guardOf(request.url), ...request.headers },
        ...(request.body === undefined ? {} : { payload: request.body as object }),
      });
      if (response.statusCode !== 400) failures.push(`${testCase.name}: answered ${response.statusCode}`);
    }
    expect(failures).toEqual([]);
  });
});
