/**
 * Routes served by their endpoint contract (core/contracts): method, path and the schemas Fastify validates,
 * serialises and documents come from the contract the browser calls by; a route adds only what is its own.
 */
import type {
  ContextConfigDefault,
  FastifyBaseLogger,
  FastifyInstance,
  FastifySchema,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
  RouteOptions,
} from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Endpoint, PartSchema, RequestPart } from '../../../core/contracts/endpoint.ts';
import { z } from '../../../core/contracts/zod.ts';
import { MESSAGE_MAX, shownText } from '../../../core/contracts/fields.ts';
import { operationIdOf } from './operation-ids.ts';
import { UNLIMITED_OPERATIONS } from './api-rate-limit.ts';

/** A Fastify instance with Zod's type provider, as every route plugin gets it. */
type ZodApp = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

/** The Fastify schema an endpoint gives; the handler's request and reply are typed by it. */
interface EndpointSchema<E extends Endpoint> extends FastifySchema {
  params: PartSchema<E, 'params'>;
  querystring: PartSchema<E, 'querystring'>;
  headers: PartSchema<E, 'headers'>;
  body: PartSchema<E, 'body'>;
  response: E['responses'];
}

/** What only the route says in OpenAPI: tags, summary, description, security, or hide. */
type RouteDocs = Omit<FastifySchema, 'params' | 'querystring' | 'headers' | 'body' | 'response'>;

/** Everything a route gives besides its contract: its docs, config, hooks and handler. */
export type RouteParts<E extends Endpoint> = Omit<
  RouteOptions<
    RawServerDefault,
    RawRequestDefaultExpression,
    RawReplyDefaultExpression,
    RouteGenericInterface,
    ContextConfigDefault,
    EndpointSchema<E>,
    ZodTypeProvider
  >,
  'method' | 'url' | 'schema'
> & { schema?: RouteDocs };

const REQUEST_PARTS: readonly RequestPart[] = ['params', 'querystring', 'headers', 'body'];

/** `{ message }`; the sign-in routes repeat it as `error` for the spec's client (errors.ts). */
export const errorAnswer = z.object({
  message: shownText(MESSAGE_MAX),
  error: shownText(MESSAGE_MAX).optional(),
});
type Security = readonly Record<string, readonly string[]>[] | undefined;
const uses = (security: Security, scheme: string) => (security ?? []).some((requirement) => scheme in requirement);
/** Security with no empty alternative: the route is refused without it. */
const requires = (security: Security) =>
  (security ?? []).length > 0 && security!.every((requirement) => Object.keys(requirement).length > 0);

/**
 * What every route may answer besides its contract's answers, from what gives them: Fastify and the error handler
 * (400 for a request it cannot read, 500 for a failure), the API's general rate limit (429, on every operation but
 * the exempt catalogue reads, decision 0041), and the guard the route's security names (401 without a shopper's
 * valid access token, 403 for the back office without its session).
 */
export function standardAnswers(security: Security, operationId?: string): Record<number, z.ZodType> {
  const answers: Record<number, z.ZodType> = { 400: errorAnswer, 500: errorAnswer };
  if (!(operationId && UNLIMITED_OPERATIONS.has(operationId))) answers[429] = errorAnswer;
  if (requires(security) && (uses(security, 'bearerAuth') || uses(security, 'refreshCookie')))
    answers[401] = errorAnswer;
  if (uses(security, 'adminCookie')) answers[403] = errorAnswer;
  return answers;
}

/** The endpoint's schemas in Fastify's names; parts it does not have are left out, not set to undefined. */
function schemaOf<E extends Endpoint>(endpoint: E, security: Security): EndpointSchema<E> {
  const parts = REQUEST_PARTS.filter((part) => endpoint[part]).map((part) => [part, endpoint[part]]);
  // The contract's own answers win: they may say more than `{ message }`.
  const response = { ...standardAnswers(security, operationIdOf(endpoint)), ...endpoint.responses };
  return { ...Object.fromEntries(parts), response } as EndpointSchema<E>;
}

/** Validates every part by its Zod schema but the body, which the handler reads itself (a multipart form). */
const allButBody: typeof validatorCompiler = (route) =>
  route.httpPart === 'body' ? (value: unknown) => ({ value }) : validatorCompiler(route);
type AnyCompiler = RouteOptions['validatorCompiler'];

/**
 * Adds the route serving `endpoint`; its method, path and schemas are the contract's. A contract that `consumes`
 * another body than JSON (multipart/form-data) has its body documented, not validated: the handler parses it.
 */
export function route<E extends Endpoint>(app: ZodApp, endpoint: E, { schema, ...parts }: RouteParts<E>): void {
  // A route with nothing to add to its summary is described by it: OpenAPI tools show the description.
  const docs = { operationId: operationIdOf(endpoint), description: schema?.summary, ...schema };
  const full = { ...docs, ...schemaOf(endpoint, schema?.security as Security) };
  if (!endpoint.consumes) {
    app.route({ ...parts, method: endpoint.method, url: endpoint.path, schema: full });
    return;
  }
  app.route({
    validatorCompiler: allButBody as AnyCompiler,
    ...parts,
    method: endpoint.method,
    url: endpoint.path,
    schema: { ...full, consumes: [endpoint.consumes] },
  });
}
