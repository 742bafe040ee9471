/**
 * The API's OpenAPI document (/api/docs/json), generated from the endpoint contracts; `npm run lint:api` lints it
 * with Spectral's OAS and OWASP API Security rules (decision 0040).
 */
import type { FastifyDynamicSwaggerOptions } from '@fastify/swagger';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { RootSettings } from '../settings.ts';
import { API_RATE_LIMIT_WINDOW_SECONDS, UNLIMITED_OPERATIONS } from './api-rate-limit.ts';

/** Every tag a route uses, in the order the documentation lists them. */
const TAGS = [
  { name: 'operations', description: 'Health of the running shop, for load balancers and the owner' },
  { name: 'catalog', description: 'Products as the storefront shows them' },
  { name: 'reviews', description: "Shoppers' reviews of a product" },
  { name: 'auth', description: "Accounts: sign-up, sign-in, tokens, the shopper's profile and e-mail links" },
  { name: 'cart', description: "The signed-in shopper's cart" },
  { name: 'wishlist', description: "The signed-in shopper's wishlist and back-in-stock mails" },
  { name: 'orders', description: 'Placing, tracking and cancelling orders' },
  { name: 'shipping', description: 'Delivery across India: the PIN directory' },
  { name: 'payments', description: 'Prepaid orders through the payment gateway, and its webhook' },
  { name: 'contact', description: 'Messages to the shop' },
  { name: 'analytics', description: 'First-party page views and web vitals' },
  { name: 'admin', description: 'The back office (decision 0033)' },
];

const INT32 = { min: -(2 ** 31), max: 2 ** 31 - 1 };
const UUID_LENGTH = 36;

/**
 * Writes down what a schema's checks already imply, so the document says it: a whole number's bounds give its format
 * (int32 or int64), a UUID's format its length. Nothing is added that the contract does not enforce.
 */
function statesImpliedBounds(node: unknown): void {
  if (Array.isArray(node)) return node.forEach(statesImpliedBounds);
  if (typeof node !== 'object' || node === null) return;
  const schema = node as Record<string, unknown>;
  if (schema.type === 'integer' && schema.format === undefined) {
    const { minimum, maximum } = schema as { minimum?: number; maximum?: number };
    if (minimum !== undefined && maximum !== undefined)
      schema.format = minimum >= INT32.min && maximum <= INT32.max ? 'int32' : 'int64';
  }
  if (schema.type === 'string' && schema.format === 'uuid') schema.maxLength ??= UUID_LENGTH;
  // OpenAPI 3.0: `nullable` does not widen an `enum`, so a nullable enum lists null itself (as the contract allows).
  if (schema.nullable === true && Array.isArray(schema.enum) && !schema.enum.includes(null)) schema.enum.push(null);
  Object.values(schema).forEach(statesImpliedBounds);
}

/** A contract's `z.null()` answer (a 204, a 304): sent without a body. */
const isNoBody = (schema: Record<string, unknown>) =>
  schema.type === 'null' ||
  (Array.isArray(schema.enum) && schema.enum.length === 1 && schema.enum[0] === null && schema.nullable === true);

/**
 * Answers without a body are documented without content (@fastify/swagger leaves it out for `type: 'null'`), and a
 * text answer that names its `x-media-type` (a CSV file) under that type instead of JSON (OpenAPI 3.0 has no
 * `contentMediaType`, which the Zod provider drops).
 */
function documentsBodies(schema: { response?: unknown }): void {
  const responses = (schema.response ?? {}) as Record<string, Record<string, unknown>>;
  for (const [status, answer] of Object.entries(responses)) {
    if (isNoBody(answer)) responses[status] = { type: 'null', description: answer.description ?? 'No body' };
    const { 'x-media-type': mediaType, ...body } = answer;
    if (typeof mediaType === 'string') responses[status] = { content: { [mediaType]: { schema: body } } };
  }
}

const transform: typeof jsonSchemaTransform = (route) => {
  const documented = jsonSchemaTransform(route);
  statesImpliedBounds(documented.schema);
  documentsBodies(documented.schema as { response?: unknown });
  return documented;
};

/** Every 429 this API sends says when to try again (RateLimitedError, decisions 0040 and 0041). */
const RETRY_AFTER = {
  description: 'Seconds to wait before trying again',
  schema: { type: 'integer', format: 'int32', minimum: 1, maximum: 86_400 },
};

const REQUESTS = { type: 'integer', format: 'int32', minimum: 0, maximum: 1_000_000 };
/** What every answer of a rate-limited operation carries: the general limit's window (IETF draft RateLimit headers). */
const RATE_LIMIT_HEADERS = {
  'RateLimit-Limit': {
    description: 'Requests this client may make in the window: per signed-in account, else per client address',
    schema: { ...REQUESTS, minimum: 1 },
  },
  'RateLimit-Remaining': { description: 'Requests left in the current window', schema: REQUESTS },
  'RateLimit-Reset': {
    description: 'Seconds until the current window ends',
    schema: { type: 'integer', format: 'int32', minimum: 1, maximum: API_RATE_LIMIT_WINDOW_SECONDS },
  },
  'RateLimit-Policy': {
    description: `The limit and its window in seconds, e.g. \`600;w=${API_RATE_LIMIT_WINDOW_SECONDS}\``,
    schema: { type: 'string', maxLength: 16, pattern: '^[0-9]{1,7};w=[0-9]{1,5}$' },
  },
};

type Document = ReturnType<NonNullable<FastifyDynamicSwaggerOptions['transformObject']>>;
type Responses = Record<string, { headers?: Record<string, unknown> }>;
type Operation = { operationId?: string; responses?: Responses };

/**
 * The whole document, once the routes are in: every answer of an operation under the general limit carries its
 * RateLimit headers (the hook sets them before anything else runs), and each 429 says when to try again.
 */
function documentRateLimits(document: Document): Document {
  const operations = Object.values((document as { paths?: Record<string, object> }).paths ?? {}).flatMap((byMethod) =>
    Object.values(byMethod as Record<string, Operation>),
  );
  for (const { operationId, responses } of operations) {
    const limited = !(operationId && UNLIMITED_OPERATIONS.has(operationId));
    for (const [status, response] of Object.entries(responses ?? {})) {
      if (limited) response.headers = { ...response.headers, ...RATE_LIMIT_HEADERS };
      if (status === '429') response.headers = { ...response.headers, 'Retry-After': RETRY_AFTER };
    }
  }
  return document;
}

/** `cookies`: the shopper's refresh cookie and the back office's session, which the auth and admin modules name. */
export function openApiOptions(
  config: Pick<RootSettings, 'SHOP_NAME' | 'SHOP_EMAIL'>,
  cookies: { refresh: string; admin: string },
): FastifyDynamicSwaggerOptions {
  return {
    openapi: {
      info: {
        title: `${config.SHOP_NAME} API`,
        version: '1.0.0',
        description: 'The shop REST API (spec section 7).',
        contact: { name: config.SHOP_NAME, email: config.SHOP_EMAIL },
      },
      // Relative: the document describes the API of whichever origin serves it; the shop's public API.
      servers: [{ url: '/', 'x-internal': false } as { url: string }],
      tags: TAGS,
      components: {
        securitySchemes: {
          bearerAuth: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'JWT',
            description:
              'A short-lived access token. Following RFC8725, only HS256 is accepted (the header names it, nothing ' +
              'is critical) and every token expires.',
          },
          // The back office: its session cookie, and the CSRF token header every change carries (decision 0033).
          adminCookie: { type: 'apiKey', in: 'cookie', name: cookies.admin },
          // The shopper's session: exchanged for access tokens, ended at sign-out.
          refreshCookie: { type: 'apiKey', in: 'cookie', name: cookies.refresh },
          // PhonePe signs its webhooks with the SHA-256 of the username:password set in its dashboard.
          phonePeWebhook: { type: 'apiKey', in: 'header', name: 'Authorization' },
          // Shiprocket sends the token set in its dashboard as x-api-key with each tracking webhook (issue 34).
          shiprocketWebhook: { type: 'apiKey', in: 'header', name: 'x-api-key' },
        },
      },
    },
    transform,
    transformObject: (documentObject) =>
      documentRateLimits(('openapiObject' in documentObject ? documentObject.openapiObject : {}) as Document),
  };
}
