import { z } from 'zod';
import { contribute, defineModule } from '../platform/kernel/index.ts';
import { RateLimiter } from '../platform/http/rate-limit.ts';
import { databaseFace, rateLimitsFace, shopFace } from '../platform/faces.ts';
import { catalogFace } from '../platform/catalog/face.ts';
import { dashboardSections } from '../platform/dashboard/face.ts';
import { webVitalsSection } from './dashboard-section.ts';
import { AnalyticsService } from './service.ts';
import { analyticsRoutes } from './routes.ts';
import { analyticsAdminRoutes } from './admin-routes.ts';

export interface Analytics {
  /** First-party page views and Web Vitals (decision 0037). */
  analytics: AnalyticsService;
}

export const analyticsModule = defineModule({
  name: 'analytics',
  settings: z.object({
    /**
     * Analytics beacons the whole shop takes per minute, from every address together; past it 429 (decision 0050).
     * Far above a D2C shop's traffic (a page view is one beacon, a page load's vitals one more).
     */
    ANALYTICS_BEACONS_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000).default(3000),
    /** Page loads whose Web Vitals are kept per India day, shop-wide (at most four rows each); past it, dropped. */
    ANALYTICS_VITALS_PER_DAY: z.coerce.number().int().min(0).max(10_000_000).default(20_000),
  }),
  needs: { database: databaseFace, shop: shopFace, rateLimits: rateLimitsFace, catalog: catalogFace },
  create: ({ settings, needs: { database, rateLimits, catalog } }): Analytics => ({
    analytics: new AnalyticsService({
      database,
      isProduct: async (slug) => (await catalog.catalog.getProductBySlug(slug)) !== undefined,
      limiter: new RateLimiter(rateLimits),
      shopBeaconsPerMinute: settings.ANALYTICS_BEACONS_PER_MINUTE,
      vitalsPerDay: settings.ANALYTICS_VITALS_PER_DAY,
    }),
  }),
  routes: async (app, { analytics }, { shop }) => {
    await app.register(analyticsRoutes, { analytics, publicOrigin: shop.origin });
  },
  adminRoutes: async (scope, { analytics }) => {
    await scope.register(analyticsAdminRoutes, { analytics });
  },
  contributes: [
    contribute(dashboardSections, ({ analytics }: Analytics) => ({
      position: 40,
      read: () => webVitalsSection(() => analytics.report({})),
    })),
  ],
});
