import { z } from 'zod';
import { contribute, defineModule } from '../platform/kernel/index.ts';
import { catalogFace } from '../platform/catalog/face.ts';
import { databaseFace, shopFace } from '../platform/faces.ts';
import { auditFace } from '../platform/audit/face.ts';
import { mailFace } from '../platform/mail/face.ts';
import { imagesInUse, mediaFace } from '../platform/media/face.ts';
import { dashboardSections } from '../platform/dashboard/face.ts';
import { lowStockSection } from './dashboard-section.ts';
import { fastPaths } from '../platform/http/fast-paths.ts';
import { writeEncodedJson } from '../platform/http/encoded-json.ts';
import { productListEndpoint } from '../../core/contracts/catalog.ts';
import { CatalogService } from './service.ts';
import { catalogRoutes } from './routes.ts';
import { catalogAdminRoutes } from './admin-routes.ts';
import { productAdminRoutes } from './admin-products-routes.ts';

export interface Catalog {
  catalog: CatalogService;
}

export const catalogModule = defineModule({
  name: 'catalog',
  settings: z.object({
    /**
     * A product with this many or fewer in stock is low (the back office's list, a mail to SHOP_EMAIL when its stock
     * falls to it); a product's own threshold, set in the back office, wins (decision 0034).
     */
    LOW_STOCK_THRESHOLD: z.coerce.number().int().min(0).max(1_000_000).default(5),
  }),
  needs: { database: databaseFace, shop: shopFace, mail: mailFace, audit: auditFace, media: mediaFace },
  provides: catalogFace,
  create: ({ settings, needs: { database, shop, mail, audit, media } }): Catalog => ({
    catalog: new CatalogService({
      database,
      mediaBaseUrl: shop.mediaBaseUrl,
      outbox: mail.outbox,
      audit: audit.audit,
      media: media.media,
      lowStock: {
        defaultThreshold: settings.LOW_STOCK_THRESHOLD,
        shopName: shop.name,
        shopEmail: shop.email,
        origin: shop.origin,
      },
    }),
  }),
  routes: async (app, { catalog }) => {
    await app.register(catalogRoutes, { catalog });
  },
  adminRoutes: async (scope, { catalog }, { media }) => {
    await scope.register(catalogAdminRoutes, { catalog });
    await scope.register(productAdminRoutes, { catalog, media: media.media });
  },
  contributes: [
    // The API's busiest read, GET /api/product/all-products, written from the catalogue in memory before Fastify
    // sees it when that is current (decision 0045).
    contribute(fastPaths, ({ catalog }: Catalog) => (securityHeaders) => (request, response) => {
      if (request.url !== productListEndpoint.path) return false;
      if (request.method !== 'GET' && request.method !== 'HEAD') return false;
      const answer = catalog.currentListAnswer();
      return answer !== undefined && writeEncodedJson(request, response, answer, securityHeaders);
    }),
    contribute(
      imagesInUse,
      ({ catalog }: Catalog) =>
        async () =>
          (await catalog.imageKeys()).map((key) => ({ key, use: 'catalogue' as const })),
    ),
    contribute(dashboardSections, ({ catalog }: Catalog) => ({
      position: 20,
      read: () => lowStockSection((limit) => catalog.lowStock(limit)),
    })),
  ],
  start: ({ catalog }) => catalog.start(),
  stop: ({ catalog }) => catalog.stop(),
});
