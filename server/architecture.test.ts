// A new capability is one folder and one line in the root's list (issue 32, decision 0058): a throwaway module
// declares a setting, a route, an admin route, a job and a step of placing an order, and the root wires each.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { contribute, defineModule, type AnyModule } from './platform/kernel/index.ts';
import { actorOf } from './platform/audit/actor.ts';
import { jobsFace, type JobScheduler } from './platform/work/jobs.ts';
import { placeOrderSteps } from './platform/orders/face.ts';
import { ConfigError } from './platform/kernel/setting-types.ts';
import { configLoader, SHOP_PARTS } from './root/modules.ts';
import { startTestShop, type TestShop } from './testing/harness.ts';
import { signedInAdmin } from './testing/admin-session.ts';
import { orderBody, placedOrderId, productSupply, verifiedShopper } from './testing/orders.ts';

const NOTE_JOB = 'throwaway.note';

/** What the throwaway module saw: the orders its job noted. */
interface Notebook {
  greeting: string;
  noted: string[];
}

interface Throwaway {
  notebook: Notebook;
  noteQueue: JobScheduler;
}

const throwaway = defineModule({
  name: 'throwaway',
  settings: z.object({ THROWAWAY_GREETING: z.string().min(3, 'must be 3 characters or more').default('Namaste') }),
  needs: { jobs: jobsFace },
  create: ({ settings, needs }): Throwaway => ({
    notebook: { greeting: settings.THROWAWAY_GREETING, noted: [] },
    noteQueue: needs.jobs.jobs,
  }),
  routes: async (app, { notebook }) => {
    app
      .withTypeProvider<ZodTypeProvider>()
      .get(
        '/api/throwaway/greeting',
        { schema: { tags: ['operations'], response: { 200: z.object({ message: z.string().max(60) }) } } },
        async () => ({ message: notebook.greeting }),
      );
  },
  adminRoutes: async (scope, { notebook }) => {
    scope.withTypeProvider<ZodTypeProvider>().get(
      '/api/admin/throwaway/noted',
      {
        schema: {
          tags: ['admin'],
          security: [{ adminCookie: [] }],
          response: { 200: z.object({ admin: z.string().max(320), noted: z.array(z.string().max(64)).max(100) }) },
        },
      },
      async (request) => ({ admin: actorOf(request).email, noted: notebook.noted }),
    );
  },
  jobs: ({ notebook }) => [
    {
      kind: NOTE_JOB,
      run: async ({ key }) => {
        notebook.noted.push(key);
        return { done: true };
      },
    },
  ],
  contributes: [
    contribute(placeOrderSteps, ({ noteQueue }: Throwaway) => ({
      name: 'noteOrder',
      run: (tx, { order }) => noteQueue.schedule({ kind: NOTE_JOB, key: order.orderId, inSeconds: 0 }, tx),
    })),
  ],
});

const modules: readonly AnyModule[] = [...SHOP_PARTS, throwaway];

describe('a module added to the root list', () => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await startTestShop({ THROWAWAY_GREETING: 'Vanakkam' }, { modules });
  });
  afterAll(async () => {
    await shop?.close();
  });

  it('has its setting merged, checked and named at start', () => {
    expect(configLoader(modules)({}).THROWAWAY_GREETING).toBe('Namaste');
    expect(() => configLoader(modules)({ THROWAWAY_GREETING: 'hi' })).toThrow(ConfigError);
    expect(() => configLoader(modules)({ THROWAWAY_GREETING: 'hi' })).toThrow(
      /THROWAWAY_GREETING="hi": must be 3 characters or more/,
    );
  });

  it('serves its route with its setting', async () => {
    const response = await shop.app.inject({ method: 'GET', url: '/api/throwaway/greeting' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'Vanakkam' });
  });

  it('serves its admin route behind the back office guard only', async () => {
    expect((await shop.app.inject({ method: 'GET', url: '/api/admin/throwaway/noted' })).statusCode).toBe(403);
    const admin = await signedInAdmin(shop);
    const response = await shop.app.inject({
      method: 'GET',
      url: '/api/admin/throwaway/noted',
      headers: admin.headers,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ admin: admin.email, noted: [] });
  });

  it('adds its step to placing an order, and its job runs what the step scheduled', async () => {
    const productId = await productSupply(shop)({ stock: 5 });
    const shopper = await verifiedShopper(shop);
    const orderId = await placedOrderId(shop, shopper.bearer, orderBody([{ _id: productId, quantity: 1 }]));
    await shop.services.jobs.runDue();
    const admin = await signedInAdmin(shop);
    const noted = await shop.app.inject({ method: 'GET', url: '/api/admin/throwaway/noted', headers: admin.headers });
    expect(noted.json<{ noted: string[] }>().noted).toEqual([orderId]);
  });

  it('is not in a shop whose list lacks it', async () => {
    const plain = await startTestShop();
    try {
      expect((await plain.app.inject({ method: 'GET', url: '/api/throwaway/greeting' })).statusCode).toBe(404);
    } finally {
      await plain.close();
    }
  });
});
