import Fastify, { type FastifyInstance, type FastifyPluginAsync } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll } from 'vitest';
import { installErrorHandling } from '../http/errors.ts';
import type { AdminActor } from '../audit/index.ts';

/** An admin as the back office's guard would let one through. */
export const testAdmin = (email = 'moderator@example.in'): AdminActor => ({
  userId: crypto.randomUUID(),
  email,
  role: 'staff',
  ip: '203.0.113.10',
});

/**
 * One back-office route plugin served as if the admin guard had let `actor` through, started before the tests of
 * the file (after its shop: call this below testShopFor) and closed after them. The routes, contracts and services
 * are the shop's; only the guard, the admin module's, is stood in for.
 */
export function appActingAs<Options extends object>(
  actor: AdminActor,
  plugin: FastifyPluginAsync<Options>,
  options: () => Options,
): () => FastifyInstance {
  let app: FastifyInstance | undefined;
  beforeAll(async () => {
    app = Fastify({ logger: false });
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    installErrorHandling(app);
    app.decorateRequest('adminActor', null);
    app.addHook('onRequest', async (request) => {
      request.adminActor = actor;
    });
    await app.register(plugin, options());
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
  });
  return () => app!;
}
