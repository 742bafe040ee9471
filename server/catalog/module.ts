import { contribute, defineModule } from '../platform/kernel/index.ts';
import { catalogFace } from '../platform/catalog/face.ts';
import { databaseFace, shopFace } from '../platform/faces.ts';
import { auditFace } from '../platform/audit/face.ts';
import { imagesInUse, mediaFace } from '../platform/media/face.ts';
import { stockChanged, stockFace, stockProducts } from '../platform/stock/face.ts';
import { fastPaths } from '../platform/http/fast-paths.ts';
import { writeEncodedJson } from '../platform/http/encoded-json.ts';
import { productListEndpoint } from '../../core/contracts/catalog.ts';
import { CatalogService } from './service.ts';
import { catalogRoutes } from './routes.ts';
import { productAdminRoutes } from './admin-products-routes.ts';

export interface Catalog {
  catalog: CatalogService;
}

export const catalogModule = defineModule({
  name: 'catalog',
  needs: { database: databaseFace, shop: shopFace, audit: auditFace, media: mediaFace, stock: stockFace },
  provides: catalogFace,
  create: ({ needs: { database, shop, audit, media, stock } }): Catalog => ({
    catalog: new CatalogService({
      database,
      mediaBaseUrl: shop.mediaBaseUrl,
      audit: audit.audit,
      media: media.media,
      stock: stock.stock,
    }),
  }),
  routes: async (app, { catalog }) => {
    await app.register(catalogRoutes, { catalog });
  },
  adminRoutes: async (scope, { catalog }, { media }) => {
    await scope.register(productAdminRoutes, { catalog, media: media.media });
  },
  contributes: [
    // The API's busiest read, GET /api/product/all-products, written from the catalogue in memory before Fastify
    // sees it when that is current (decision 0045).
    contribute(fastPaths, ({ catalog }: Catalog) => (securityHeaders) => (request, response) => {
      if (request.url !== productListEndpoint.path) return false;
      if (request.method !== 'GET' && request.method !== 'HEAD') return false;
      const answer = catalog.currentListAnswer();
      return answer !== undefined && writeEncodedJson(request, response, answer, securityHeaders)
        ? productListEndpoint.path
        : false;
    }),
    contribute(
      imagesInUse,
      ({ catalog }: Catalog) =>
        async () =>
          (await catalog.imagesShown()).map(({ key, onHomePage }) => ({ key, use: 'catalogue' as const, onHomePage })),
    ),
    // Stock reads the products from here, and the catalogue forgets its copy when stock changes (decision 0062).
    contribute(stockProducts, ({ catalog }: Catalog) => catalog.stockProducts),
    contribute(
      stockChanged,
      ({ catalog }: Catalog) =>
        () =>
          catalog.stockChanged(),
    ),
  ],
  start: ({ catalog }) => catalog.start(),
  stop: ({ catalog }) => catalog.stop(),
});
