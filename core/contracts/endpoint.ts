/**
 * One API endpoint as plain data: the server validates, serialises and documents by it, the browser calls it and
 * parses its answers by it, so no shape is declared twice (issue 20).
 */
import type { z } from './zod.ts';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** The parts of a request a contract may describe (Fastify's names). */
export type RequestPart = 'params' | 'querystring' | 'headers' | 'body';

export interface Endpoint {
  readonly method: HttpMethod;
  /** Fastify style: `/api/orders/:orderId/cancel`. */
  readonly path: string;
  readonly params?: z.ZodType;
  readonly querystring?: z.ZodType;
  readonly headers?: z.ZodType;
  readonly body?: z.ZodType;
  /**
   * A body that is not JSON: the server reads its parts itself, so `body` only documents them (OpenAPI) and types
   * what the browser sends; Fastify does not validate it.
   */
  readonly consumes?: 'multipart/form-data';
  /** Status code → body: the success answers and the `{ message }` errors the route documents. */
  readonly responses: Readonly<Record<number, z.ZodType>>;
}

/** Declares an endpoint; it returns the definition as it is, typed with each of its own schemas. */
export const endpoint = <const E extends Endpoint>(definition: E): E => definition;

/** The schema of one part of an endpoint's request, or undefined when the endpoint has none. */
export type PartSchema<E extends Endpoint, K extends RequestPart> = E extends { [P in K]: infer S extends z.ZodType }
  ? S
  : undefined;

/** The 2xx status codes an endpoint answers. */
export type SuccessStatus<E extends Endpoint> = {
  [S in keyof E['responses']]: `${S & number}` extends `2${string}` ? S : never;
}[keyof E['responses']];

/** What a successful call answers: the parsed body of any of its 2xx responses. */
export type Answer<E extends Endpoint> = z.output<E['responses'][SuccessStatus<E>]>;
