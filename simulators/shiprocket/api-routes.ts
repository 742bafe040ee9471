import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { SimulatorContext } from './context.ts';
import { ShiprocketError } from './errors.ts';
import { servedAnswer } from './serviceability.ts';

/** Shiprocket's API v1 (`/v1/external/...`): login, then each call with `Authorization: Bearer <token>`. */
export const apiRoutes: FastifyPluginAsync<{ context: SimulatorContext }> = async (app, { context }) => {
  const { simulator, faults, documentUrl } = context;
  const hide = { schema: { hide: true } };
  const authorized = (request: FastifyRequest) => simulator.authorize(request.headers.authorization);

  app.post('/auth/login', hide, async (request) => faults.run('login', () => simulator.login(request.body)));

  app.get<{ Querystring: Record<string, string | undefined> }>(
    '/courier/serviceability',
    hide,
    async (request, reply) =>
      faults.run('serviceability', async () => {
        await authorized(request);
        const { verdict, weightKg } = simulator.serviceability(request.query);
        if (verdict.kind === 'served') return servedAnswer(verdict.couriers, weightKg);
        const message = `No courier serviceable for delivery postcode ${request.query.delivery_postcode}`;
        // Shiprocket's two ways of saying it: an HTTP 404, or a 200 whose body says 404.
        if (verdict.form === 'http-404') throw new ShiprocketError(404, message);
        return reply.code(200).send({ status: 404, message });
      }),
  );

  app.post('/orders/create/adhoc', hide, async (request) =>
    faults.run('create-order', async () => {
      await authorized(request);
      return simulator.createOrder(request.body);
    }),
  );

  app.get<{ Querystring: { search?: string } }>('/orders', hide, async (request) =>
    faults.run('orders', async () => {
      await authorized(request);
      return simulator.searchOrders(request.query.search);
    }),
  );

  app.post('/courier/assign/awb', hide, async (request) =>
    faults.run('assign-awb', async () => {
      await authorized(request);
      return simulator.assignAwb(request.body);
    }),
  );

  app.post('/courier/generate/pickup', hide, async (request) =>
    faults.run('pickup', async () => {
      await authorized(request);
      return simulator.schedulePickup(request.body);
    }),
  );

  app.post('/courier/generate/label', hide, async (request) =>
    faults.run('label', async () => {
      await authorized(request);
      return simulator.label(request.body, documentUrl);
    }),
  );

  app.post('/manifests/generate', hide, async (request) =>
    faults.run('manifest', async () => {
      await authorized(request);
      return simulator.manifest(request.body, documentUrl);
    }),
  );

  app.get<{ Params: { awb: string } }>('/courier/track/awb/:awb', hide, async (request) =>
    faults.run('track', async () => {
      await authorized(request);
      return simulator.track(request.params.awb);
    }),
  );
};
