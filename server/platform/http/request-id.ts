import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';

/** A client's or proxy's X-Request-Id is kept when it is 1 to 128 of these characters (issue 33), else replaced. */
const ACCEPTED_ID = /^[A-Za-z0-9._:-]{1,128}$/;
const assigned = Symbol('request id');

type WithId = IncomingMessage & { [assigned]?: string };

/**
 * The request's id, chosen once: its X-Request-Id when acceptable (nginx sends `$request_id` when the client sent
 * none), else a new UUID. Fastify's `genReqId` and the fast paths ask the same function, so either answer and its
 * log line carry the same id.
 */
export function requestIdOf(request: IncomingMessage): string {
  const withId = request as WithId;
  if (withId[assigned]) return withId[assigned];
  const sent = request.headers['x-request-id'];
  const id = typeof sent === 'string' && ACCEPTED_ID.test(sent) ? sent : randomUUID();
  withId[assigned] = id;
  return id;
}

/** Says the request's id on the answer, before anything writes its head. */
export function answerWithRequestId(request: IncomingMessage, response: ServerResponse): void {
  response.setHeader('x-request-id', requestIdOf(request));
}
