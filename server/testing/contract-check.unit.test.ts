// The API tests' check of every answer against the OpenAPI document (decision 0051) fails on what it should.
import Fastify from 'fastify';
import swagger from '@fastify/swagger';
import { describe, expect, it } from 'vitest';
import { ContractCheck, checkAnswersOf, type Exchange, type OpenApiDocument } from './contract-check.ts';

const json = (value: unknown) => Buffer.from(JSON.stringify(value));
const message = {
  type: 'object',
  properties: { message: { type: 'string', maxLength: 20 } },
  required: ['message'],
  additionalProperties: false,
};
const document: OpenApiDocument = {
  paths: {
    '/api/things/{id}': {
      get: {
        responses: {
          200: { content: { 'application/json': { schema: message } } },
          304: {},
        },
      },
      put: {
        requestBody: { content: { 'application/json': { schema: {} } } },
        responses: { 204: {} },
      },
    },
    '/api/things/special': { get: { responses: { 200: { content: { 'text/csv': { schema: { type: 'string' } } } } } } },
  },
};
const check = new ContractCheck(document);
const exchange = (changes: Partial<Exchange>): Exchange => ({
  method: 'GET',
  url: '/api/things/7',
  status: 200,
  headers: { 'content-type': 'application/json; charset=utf-8' },
  body: json({ message: 'ok' }),
  ...changes,
});

describe('ContractCheck', () => {
  it('passes an answer the document describes, and paths it does not cover', () => {
    expect(check.violations(exchange({}))).toEqual([]);
    expect(check.violations(exchange({ status: 304, headers: {}, body: Buffer.alloc(0) }))).toEqual([]);
    expect(check.violations(exchange({ url: '/media/x.webp', status: 418 }))).toEqual([]);
    // A static segment wins over a parameter, as in Fastify's router.
    const csv = { url: '/api/things/special', headers: { 'content-type': 'text/csv' }, body: Buffer.from('a,b\r\n') };
    expect(check.violations(exchange(csv))).toEqual([]);
  });

  it('names an undocumented status', () => {
    expect(check.violations(exchange({ status: 404 }))).toEqual([
      'GET /api/things/7 (GET /api/things/{id}) answered 404, a status the document does not list',
    ]);
  });

  it('names a body the schema refuses, a body of an unlisted type, and a missing body', () => {
    expect(check.violations(exchange({ body: json({ message: 'x'.repeat(21) }) }))[0]).toContain(
      "body the document's schema refuses: body/message must NOT have more than 20 characters",
    );
    expect(check.violations(exchange({ headers: { 'content-type': 'text/plain' } }))[0]).toContain(
      'with a text/plain body; the document lists application/json',
    );
    expect(check.violations(exchange({ body: Buffer.alloc(0) }))[0]).toContain(
      'with no body, but the document promises application/json',
    );
  });

  it('names a request body of a type the operation does not list that was answered 2xx', () => {
    const put = { method: 'PUT', status: 204, headers: {}, body: Buffer.alloc(0), requestType: 'text/plain' };
    expect(check.violations(exchange(put))).toEqual([
      "PUT /api/things/7 (PUT /api/things/{id}) answered 204: a text/plain request was accepted; the document's " +
        'request body lists application/json',
    ]);
  });
});

describe('checkAnswersOf', () => {
  it('fails the injected request whose answer has a status its route does not document', async () => {
    const app = Fastify({ logger: false });
    await app.register(swagger, { openapi: { info: { title: 'test', version: '1' } } });
    // Untyped, so the handler may answer what the schema leaves out.
    const schema: object = { response: { 200: message } };
    app.get('/api/things/:id', { schema }, async (request, reply) =>
      (request.params as { id: string }).id === 'gone' ? reply.code(404).send({ message: 'no' }) : { message: 'ok' },
    );
    await app.ready();
    checkAnswersOf(app);
    expect((await app.inject('/api/things/7')).statusCode).toBe(200);
    await expect(app.inject('/api/things/gone')).rejects.toThrow(
      'GET /api/things/gone (GET /api/things/{id}) answered 404, a status the document does not list',
    );
    await app.close();
  });
});
