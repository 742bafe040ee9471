// The shop's modules (decision 0058): the root orders them by what they need, starts them in that order and
// stops them in reverse. A new capability is one folder under server/ and one line here.
import type { z } from 'zod';
import { AssemblyError, type AnyModule, type Assembly } from '../platform/kernel/index.ts';
import { mergeSettings } from '../config.ts';
import { checkRootSettings, rootSettings } from '../platform/settings.ts';
import type { ShopSettings } from '../../core/shop.ts';
import { healthModule } from '../health/index.ts';
import { jobsModule } from '../jobs/index.ts';
import { mailModule } from '../mail/index.ts';
import { auditModule } from '../audit/index.ts';
import { mediaModule } from '../media/index.ts';
import { dashboardModule } from '../dashboard/index.ts';
import { stockModule } from '../stock/index.ts';
import { catalogModule } from '../catalog/index.ts';
import { authModule } from '../auth/index.ts';
import { cartModule } from '../cart/index.ts';
import { wishlistModule } from '../wishlist/index.ts';
import { contactModule } from '../contact/index.ts';
import { analyticsModule } from '../analytics/index.ts';
import { adminModule } from '../admin/index.ts';
import { ordersModule } from '../orders/index.ts';
import { paymentsModule } from '../payments/index.ts';
import { reviewsModule } from '../reviews/index.ts';
import { shippingModule } from '../shipping/index.ts';
import { metricsModule } from '../metrics/index.ts';
import { SHOP_FLOWS } from '../flows/index.ts';

export const SHOP_MODULES = [
  healthModule,
  jobsModule,
  mailModule,
  auditModule,
  mediaModule,
  dashboardModule,
  stockModule,
  catalogModule,
  authModule,
  cartModule,
  wishlistModule,
  contactModule,
  analyticsModule,
  adminModule,
  ordersModule,
  paymentsModule,
  reviewsModule,
  shippingModule,
  metricsModule,
] as const;

/** What the root assembles: the modules, then the flows above them (server/flows, decision 0061). */
export const SHOP_PARTS = [...SHOP_MODULES, ...SHOP_FLOWS] as const;

type Modules = (typeof SHOP_PARTS)[number];
type UnionToIntersection<U> = (U extends unknown ? (each: U) => void : never) extends (all: infer I) => void
  ? I
  : never;
type SettingsOf<M> = M extends { settings?: infer Settings }
  ? Settings extends z.ZodObject
    ? z.output<Settings>
    : never
  : never;
type OwnOf<M> = M extends { create(...args: never[]): infer Made } ? Awaited<Made> : never;

/** Every setting of the shop: the root's and each module's slice. */
export type Config = z.output<typeof rootSettings> & UnionToIntersection<SettingsOf<Modules>>;
/** What every module offers, by the names of its parts. */
export type ModuleFaces = UnionToIntersection<OwnOf<Modules>>;

/** The slices of a list of modules with the root's own first, for mergeSettings. */
export const settingsSlices = (modules: readonly AnyModule[]) => [
  { owner: 'the root', schema: rootSettings, check: checkRootSettings },
  ...modules.flatMap((module) =>
    module.settings
      ? [{ owner: module.name, schema: module.settings, check: module.checkSettings, defaults: module.settingDefaults }]
      : [],
  ),
];

/** A reader of the environment with the root's settings and those of `modules`. */
export const configLoader = (modules: readonly AnyModule[]) => mergeSettings(settingsSlices(modules));

const loadShopSettings = configLoader(SHOP_PARTS);

/** Reads the environment with every module's settings, naming every bad value at once. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  return loadShopSettings(env) as Config;
}

/** The shop facts every page may show. */
export function shopSettingsOf(config: Config): ShopSettings {
  return {
    name: config.SHOP_NAME,
    phone: config.SHOP_PHONE,
    email: config.SHOP_EMAIL,
    facebookUrl: config.SOCIAL_FACEBOOK_URL,
    instagramUrl: config.SOCIAL_INSTAGRAM_URL,
    freeShippingAboveRupees: config.FREE_SHIPPING_ABOVE_RUPEES,
    shippingFeeRupees: config.SHIPPING_FEE_RUPEES,
    reviewMaxFiles: config.REVIEW_MAX_FILES,
  };
}

/** Every module's parts by name, as Services carries them; two modules naming a part alike stop the start. */
export function partsOf(assembly: Assembly, modules: readonly AnyModule[]): ModuleFaces {
  const parts: Record<string, unknown> = {};
  for (const module of modules) {
    for (const [name, part] of Object.entries(assembly.ownOf(module.name) as object)) {
      if (name in parts) throw new AssemblyError(`Two modules offer a part named ${name}; ${module.name} is one`);
      parts[name] = part;
    }
  }
  return parts as unknown as ModuleFaces;
}
