import path from 'node:path';
import type { Config } from './config.ts';
import { publicOrigin } from './config.ts';
import { openDatabase, type Database } from './db/client.ts';
import { CatalogService } from './catalog/service.ts';
import { seedDemoCatalogue } from './catalog/demo/seed.ts';
import { MediaService } from './media/service.ts';
import { LocalDiskStorage, type FileStorage } from './storage/storage.ts';
import type { ShopSettings } from '../core/shop.ts';
import { AuthService } from './auth/service.ts';
import { AccessTokens } from './auth/tokens.ts';
import { sharedSecret } from './auth/secrets.ts';

/** Everything a request handler may need, built once per process. */
export interface Services {
  config: Config;
  database: Database;
  storage: FileStorage;
  media: MediaService;
  catalog: CatalogService;
  accessTokens: AccessTokens;
  auth: AuthService;
  shop: ShopSettings;
  origin: string;
  close(): Promise<void>;
}

export interface ServiceOverrides {
  /** Use this database instead of the configured one (tests). */
  database?: Database;
  storage?: FileStorage;
}

export async function createServices(config: Config, overrides: ServiceOverrides = {}): Promise<Services> {
  const database =
    overrides.database ??
    (await openDatabase({
      url: config.DATABASE_URL,
      dataDir: path.join(config.DATA_DIR, 'pglite'),
      poolSize: config.DATABASE_POOL_SIZE,
    }));
  const storage = overrides.storage ?? new LocalDiskStorage(path.join(config.DATA_DIR, 'files'));
  const media = new MediaService(database.db, storage);
  const catalog = new CatalogService(database, config.MEDIA_BASE_URL);

  await database.withStartupLock(async () => {
    await database.migrate();
    if (config.SEED_DEMO) await seedDemoCatalogue(database.db, media);
  });
  await catalog.start();
  const secret = await sharedSecret(database.db, 'access-token', config.AUTH_SECRET);
  const accessTokens = new AccessTokens(secret, config.ACCESS_TOKEN_MINUTES * 60, publicOrigin(config));
  const auth = new AuthService(database.db, accessTokens);

  return {
    config,
    database,
    storage,
    media,
    catalog,
    accessTokens,
    auth,
    shop: shopSettings(config),
    origin: publicOrigin(config),
    async close() {
      await catalog.stop();
      await database.close();
    },
  };
}

function shopSettings(config: Config): ShopSettings {
  return {
    name: config.SHOP_NAME,
    phone: config.SHOP_PHONE,
    email: config.SHOP_EMAIL,
    facebookUrl: config.SOCIAL_FACEBOOK_URL,
    instagramUrl: config.SOCIAL_INSTAGRAM_URL,
    freeShippingAboveRupees: config.FREE_SHIPPING_ABOVE_RUPEES,
    shippingFeeRupees: config.SHIPPING_FEE_RUPEES,
  };
}
