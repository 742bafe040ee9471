/**
 * Checks an API answer against the shop's own OpenAPI document, as a validating proxy would (decision 0051): its
 * status is one the operation lists, its body is there exactly when the document gives that status content, its
 * media type is listed, and the body matches that media type's schema. A 2xx to a body is also checked for the
 * request's media type, which the operation must list.
 */
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import { gunzipSync, brotliDecompressSync, inflateSync } from 'node:zlib';
import { Ajv, type ValidateFunction } from 'ajv';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';

interface MediaType {
  schema?: object;
}
interface Operation {
  requestBody?: { content?: Record<string, MediaType> };
  responses?: Record<string, { content?: Record<string, MediaType> }>;
}
export interface OpenApiDocument {
  paths: Record<string, Record<string, Operation>>;
}

/** One answer as the client got it: headers lower-cased, the body as sent (possibly compressed). */
export interface Exchange {
  method: string;
  /** Path and query, as requested. */
  url: string;
  /** The request's Content-Type, when it sent a body. */
  requestType?: string;
  status: number;
  headers: Record<string, string | string[] | number | undefined>;
  body: Buffer;
}

const INT32 = 2 ** 31;
/** OpenAPI 3.0's formats the document uses, beyond JSON Schema's; unknown formats are an error. */
function openApiValidator(): Ajv {
  const ajv = new Ajv({ strict: false, allErrors: true, validateFormats: true });
  ajv.addFormat('int32', { type: 'number', validate: (n: number) => Number.isInteger(n) && n >= -INT32 && n < INT32 });
  ajv.addFormat('int64', { type: 'number', validate: (n: number) => Number.isSafeInteger(n) });
  ajv.addFormat('uuid', /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i);
  ajv.addFormat('date', /^\d{4}-\d{2}-\d{2}$/);
  ajv.addFormat('date-time', {
    validate: (text: string) =>
      /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/i.test(text) && !Number.isNaN(Date.parse(text)),
  });
  ajv.addFormat('binary', () => true);
  return ajv;
}

const mediaTypeOf = (contentType: unknown) =>
  typeof contentType === 'string' ? contentType.split(';')[0]!.trim().toLowerCase() : undefined;
const isJson = (mediaType: string) => mediaType === 'application/json' || mediaType.endsWith('+json');

function decoded(body: Buffer, encoding: unknown): Buffer {
  if (encoding === 'gzip') return gunzipSync(body);
  if (encoding === 'br') return brotliDecompressSync(body);
  if (encoding === 'deflate') return inflateSync(body);
  return body;
}

/** `{param}` segments match one non-empty segment; a static segment wins over a parameter, as Fastify's router. */
function matcher(template: string): { pattern: RegExp; specificity: string } {
  const segments = template.split('/');
  const pattern = segments.map((segment) =>
    /^\{[^}]+\}$/.test(segment) ? '[^/]+' : segment.replace(/[.*+?^$()|[\]\\]/g, '\\$&'),
  );
  const specificity = segments.map((segment) => (segment.startsWith('{') ? '0' : '1')).join('');
  return { pattern: new RegExp(`^${pattern.join('/')}$`), specificity };
}

export class ContractCheck {
  private readonly ajv = openApiValidator();
  private readonly validators = new Map<object, ValidateFunction>();
  private readonly templates: Array<{ template: string; pattern: RegExp; specificity: string }>;

  constructor(private readonly document: OpenApiDocument) {
    this.templates = Object.keys(document.paths)
      .map((template) => ({ template, ...matcher(template) }))
      .sort((a, b) => b.specificity.localeCompare(a.specificity));
  }

  /** The operation the document gives this request, or undefined outside the documented API. */
  operationOf(method: string, url: string): { name: string; operation: Operation } | undefined {
    const path = url.split('?')[0]!;
    const verb = method.toUpperCase() === 'HEAD' ? 'get' : method.toLowerCase();
    const match = this.templates.find(({ pattern }) => pattern.test(path));
    const operation = match && this.document.paths[match.template]![verb];
    return operation && { name: `${verb.toUpperCase()} ${match.template}`, operation };
  }

  /** What in this exchange the document does not say; empty when it tells the truth, or does not cover the path. */
  violations(exchange: Exchange): string[] {
    const found = this.operationOf(exchange.method, exchange.url);
    if (!found) return [];
    const { name, operation } = found;
    const at = `${exchange.method} ${exchange.url} (${name}) answered ${exchange.status}`;
    const problems = this.requestTypeProblems(operation, exchange).map((problem) => `${at}: ${problem}`);
    const response = operation.responses?.[String(exchange.status)] ?? operation.responses?.default;
    if (!response) return [...problems, `${at}, a status the document does not list`];
    const content = response.content ?? {};
    const body =
      exchange.body.length > 0 ? decoded(exchange.body, exchange.headers['content-encoding']) : exchange.body;
    if (body.length === 0) {
      const promised = Object.keys(content);
      // A HEAD answer has no body by definition; its GET's document says what the body would be.
      if (promised.length > 0 && exchange.method.toUpperCase() !== 'HEAD')
        problems.push(`${at} with no body, but the document promises ${promised.join(' or ')}`);
      return problems;
    }
    const mediaType = mediaTypeOf(exchange.headers['content-type']);
    const media = mediaType ? content[mediaType] : undefined;
    if (!mediaType || !media) {
      const listed = Object.keys(content).join(', ') || 'no body';
      return [...problems, `${at} with a ${mediaType ?? 'untyped'} body; the document lists ${listed}`];
    }
    if (!media.schema) return problems;
    const text = body.toString('utf8');
    let value: unknown = text;
    if (isJson(mediaType)) {
      try {
        value = JSON.parse(text);
      } catch {
        return [...problems, `${at} with a body that is not JSON: ${text.slice(0, 200)}`];
      }
    }
    const validate = this.validatorOf(media.schema);
    if (!validate(value))
      problems.push(
        `${at} with a ${mediaType} body the document's schema refuses: ` +
          `${this.ajv.errorsText(validate.errors, { dataVar: 'body' })}; body: ${text.slice(0, 300)}`,
      );
    return problems;
  }

  private requestTypeProblems(operation: Operation, exchange: Exchange): string[] {
    const requestType = mediaTypeOf(exchange.requestType);
    if (!requestType || exchange.status >= 300 || !operation.requestBody?.content) return [];
    const listed = Object.keys(operation.requestBody.content);
    return listed.includes(requestType)
      ? []
      : [`a ${requestType} request was accepted; the document's request body lists ${listed.join(', ')}`];
  }

  private validatorOf(schema: object): ValidateFunction {
    let validate = this.validators.get(schema);
    if (!validate) {
      validate = this.ajv.compile(schema);
      this.validators.set(schema, validate);
    }
    return validate;
  }
}

/** Fails the caller with what the answers did that the document does not say. */
export function throwViolations(violations: readonly string[]): void {
  if (violations.length > 0) throw new Error(`The OpenAPI document does not tell the truth:\n${violations.join('\n')}`);
}

const hasBody = (headers: IncomingHttpHeaders) =>
  Number(headers['content-length'] ?? 0) > 0 || headers['transfer-encoding'] !== undefined;
const requestTypeOf = (request: IncomingMessage) =>
  hasBody(request.headers) ? (request.headers['content-type'] ?? 'untyped') : undefined;

/**
 * Every answer `app` gives, checked against its own OpenAPI document (/api/docs/json): an injected request whose
 * answer the document does not describe is refused with the differences, so the test that made it fails; an answer
 * over a socket (`listen`) is kept for `takeViolations`.
 */
export function checkAnswersOf(app: FastifyInstance): { takeViolations(): string[] } {
  const inject = app.inject.bind(app) as (options: InjectOptions | string) => Promise<LightMyRequestResponse>;
  // The document /api/docs/json serves, made by @fastify/swagger whether or not the docs are served (API_DOCS).
  let check: ContractCheck | undefined;
  const contract = () => (check ??= new ContractCheck(app.swagger() as unknown as OpenApiDocument));
  const exchangeOf = (request: IncomingMessage, status: number, headers: Exchange['headers'], body: Buffer) => ({
    method: request.method ?? 'GET',
    url: request.url ?? '/',
    requestType: requestTypeOf(request),
    status,
    headers,
    body,
  });

  const injectAndCheck = async (options: InjectOptions | string) => {
    const response = await inject(options);
    const { req } = response.raw;
    const problems = contract().violations(exchangeOf(req, response.statusCode, response.headers, response.rawPayload));
    throwViolations(problems);
    return response;
  };
  (app as { inject: unknown }).inject = injectAndCheck;

  const fromSockets: string[] = [];
  app.server.prependListener('request', (request: IncomingMessage, response: ServerResponse) => {
    const chunks: Buffer[] = [];
    const keep = (chunk: unknown, encoding?: unknown) => {
      if (chunk === undefined || chunk === null || typeof chunk === 'function') return;
      const bufferEncoding = typeof encoding === 'string' ? (encoding as BufferEncoding) : undefined;
      chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string, bufferEncoding));
    };
    // The catalogue list's fast path (decision 0045) names its headers in writeHead, not setHeader.
    let written: Exchange['headers'] = {};
    const { write, end, writeHead } = response;
    response.writeHead = function (this: ServerResponse, status: number, ...rest: unknown[]) {
      const headers = rest.find((part) => typeof part === 'object' && part !== null);
      if (headers && !Array.isArray(headers))
        written = Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]));
      return (writeHead as (...args: unknown[]) => ServerResponse).call(this, status, ...rest);
    } as typeof response.writeHead;
    response.write = function (this: ServerResponse, chunk: unknown, ...rest: unknown[]) {
      keep(chunk, rest[0]);
      return (write as (...args: unknown[]) => boolean).call(this, chunk, ...rest);
    } as typeof response.write;
    response.end = function (this: ServerResponse, chunk?: unknown, ...rest: unknown[]) {
      keep(chunk, rest[0]);
      return (end as (...args: unknown[]) => ServerResponse).call(this, chunk, ...rest);
    } as typeof response.end;
    response.once('finish', () => {
      const headers = { ...written, ...response.getHeaders() };
      const exchange = exchangeOf(request, response.statusCode, headers, Buffer.concat(chunks));
      try {
        fromSockets.push(...contract().violations(exchange));
      } catch (error) {
        fromSockets.push(`${exchange.method} ${exchange.url}: ${String(error)}`);
      }
    });
  });
  return {
    takeViolations: () => fromSockets.splice(0),
  };
}
