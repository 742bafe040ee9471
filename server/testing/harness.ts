import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { DestinationStream } from 'pino';
import { afterAll, afterEach, beforeAll, inject } from 'vitest';
import { configLoader, loadConfig, type Config } from '../root/modules.ts';
import type { AnyModule } from '../platform/kernel/index.ts';
import { openDatabase, type Database } from '../platform/db/client.ts';
import { createServices, type Services } from '../root/services.ts';
import { buildServer } from '../root/app.ts';
import { createScratchDatabase } from './postgres.ts';
import { checkAnswersOf, throwViolations } from './contract-check.ts';
import {
  createPostgresCopy,
  openPgliteCopy,
  sharedTestStorage,
  type DatabaseTemplates,
  type TemplateKind,
} from './database-templates.ts';

export interface TestShop {
  app: FastifyInstance;
  /** Where the shop listens, when started with `listen` (a gateway's webhooks need a real address). */
  url: string;
  services: Services;
  /** A second connection to the same database, as another app process would have. */
  openPeer(): Promise<Services>;
  /** Throws what answers over a socket did that the OpenAPI document does not say (injected ones throw at once). */
  checkContract(): void;
  close(): Promise<void>;
}

const sharedStorage = sharedTestStorage;

/** Every test shop of this process seals authenticator secrets with this key (SECRETS_KEY, decision 0047). */
const TEST_SECRETS_KEY = randomBytes(32).toString('hex');

/**
 * The templates of this test run, where a vitest project's global setup made them; none in another project, or
 * outside a vitest worker (a script such as checkout-path.ts starts test shops too), where inject throws.
 */
function runTemplates(): DatabaseTemplates | undefined {
  try {
    return inject('databaseTemplates');
  } catch {
    return undefined;
  }
}

/**
 * Which database the api-* vitest project asked for: PGlite in memory, or a PostgreSQL database of its own; a copy
 * of the run's template of that kind (server/testing/global-setup.ts) where there is one.
 */
async function createTestDatabase(
  kind: TemplateKind,
): Promise<{ database: Database; url?: string; drop(): Promise<void> }> {
  const templates = runTemplates();
  if (process.env.TEST_DB !== 'postgres') {
    const database = templates?.pglite ? await openPgliteCopy(templates.pglite[kind]) : await openDatabase({});
    return { database, drop: async () => {} };
  }
  const baseUrl = process.env.TEST_DATABASE_URL;
  if (!baseUrl) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
  const scratch = templates?.postgres
    ? await createPostgresCopy(baseUrl, templates.postgres[kind])
    : await createScratchDatabase(baseUrl);
  const database = await openDatabase({ url: scratch.url, poolSize: 20 });
  return { database, url: scratch.url, drop: scratch.drop };
}

/** A migrated, seeded shop on a database of its own, serving the API in-process (app.inject). */
export async function startTestShop(
  env: Record<string, string> = {},
  {
    logDestination,
    listen = false,
    modules,
  }: {
    logDestination?: DestinationStream;
    listen?: boolean;
    /** Another list of modules than the shop's (the architecture test adds one). */
    modules?: readonly AnyModule[];
  } = {},
): Promise<TestShop> {
  // Tests sign many shoppers up from one address, send it hundreds of API requests and place many orders of demo
  // products at their price; the rate-limit and order-limit tests set their own limits.
  const limits = {
    AUTH_ATTEMPTS_PER_MINUTE: '100000',
    ORDERS_PER_HOUR: '1000000',
    COD_MAX_RUPEES: '1000000',
    API_RATE_LIMIT_PER_MINUTE: '1000000',
    API_RATE_LIMIT_PER_ADDRESS_PER_MINUTE: '1000000',
  };
  const load = modules ? (values: Record<string, string>) => configLoader(modules)(values) as Config : loadConfig;
  const config = load({ NODE_ENV: 'test', LOG_LEVEL: 'silent', SECRETS_KEY: TEST_SECRETS_KEY, ...limits, ...env });
  const { database, url: databaseUrl, drop } = await createTestDatabase(config.SEED_DEMO ? 'seeded' : 'bare');
  const services = await createServices(config, { database, storage: sharedStorage(), logDestination, modules });
  const app = await buildServer(services, { logger: Boolean(logDestination) });
  await app.ready();
  // Every answer the API tests get is checked against the OpenAPI document (decision 0051).
  const answers = checkAnswersOf(app);
  const url = listen ? await app.listen({ port: 0, host: '127.0.0.1' }) : '';
  const peers: Services[] = [];
  return {
    app,
    url,
    services,
    async openPeer() {
      if (!databaseUrl) throw new Error('Only PostgreSQL can be shared between processes');
      const peerDatabase = await openDatabase({ url: databaseUrl });
      const peer = await createServices(config, { database: peerDatabase, storage: sharedStorage(), modules });
      peers.push(peer);
      return peer;
    },
    checkContract: () => throwViolations(answers.takeViolations()),
    async close() {
      await app.close();
      await Promise.all(peers.map((peer) => peer.close()));
      await services.close();
      await drop();
      throwViolations(answers.takeViolations());
    },
  };
}

/** A test shop started before the tests of the describe block (or file) that calls this, and closed after them. */
export function testShopFor(env: Record<string, string> = {}): () => TestShop {
  let shop: TestShop | undefined;
  beforeAll(async () => {
    shop = await startTestShop(env);
  });
  afterEach(() => shop?.checkContract());
  afterAll(async () => {
    await shop?.close();
  });
  return () => shop!;
}
