import type { FastifyPluginAsync } from 'fastify';

/**
 * Only with BENCH_CEILING=true: lets `npm run bench` store a copy of a real response and have this same
 * server send it back verbatim, which is the ceiling a real route is measured against. Mounted for this machine
 * only, never behind a proxy and never in production (decision 0022): anyone who can store a copy serves their HTML.
 */
export const benchCeiling: FastifyPluginAsync = async (app) => {
  // Text is kept as a string: Fastify sends strings faster than Buffers, and the ceiling should be the fastest answer.
  const copies = new Map<string, { body: string | Buffer; contentType: string }>();
  // Every copy is kept as sent: without this, Fastify's own JSON parser would store a JSON copy as '[object Object]'.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 10 * 1024 * 1024 }, (_request, body, done) =>
    done(null, body),
  );
  app.put<{ Params: { name: string }; Body: Buffer }>(
    '/__bench/static/:name',
    { schema: { hide: true } },
    async (request, reply) => {
      const contentType = String(request.headers['content-type']);
      const isText = /^(text\/|application\/(json|xml))/.test(contentType);
      copies.set(request.params.name, { body: isText ? request.body.toString('utf8') : request.body, contentType });
      return reply.code(204).send();
    },
  );
  app.get<{ Params: { name: string } }>('/__bench/static/:name', { schema: { hide: true } }, async (request, reply) => {
    const copy = copies.get(request.params.name);
    if (!copy) return reply.code(404).send({ message: 'No copy stored' });
    return reply.type(copy.contentType).send(copy.body);
  });
};
