import { z } from 'zod';
import { contribute, defineModule } from '../platform/kernel/index.ts';
import { stockChanged, stockFace, stockProducts } from '../platform/stock/face.ts';
import { databaseFace, shopFace } from '../platform/faces.ts';
import { auditFace } from '../platform/audit/face.ts';
import { mailFace } from '../platform/mail/face.ts';
import { dashboardSections } from '../platform/dashboard/face.ts';
import { lowStockSection } from './dashboard-section.ts';
import { StockService } from './service.ts';
import { stockAdminRoutes } from './admin-routes.ts';

export interface StockModule {
  stock: StockService;
}

export const stockModule = defineModule({
  name: 'stock',
  settings: z.object({
    /**
     * A product with this many or fewer in stock is low (the back office's list, a mail to SHOP_EMAIL when its stock
     * falls to it); a product's own threshold, set in the back office, wins (decision 0034).
     */
    LOW_STOCK_THRESHOLD: z.coerce.number().int().min(0).max(1_000_000).default(5),
  }),
  needs: { database: databaseFace, shop: shopFace, mail: mailFace, audit: auditFace },
  provides: stockFace,
  create: ({ settings, needs: { database, shop, mail, audit }, gather }): StockModule => ({
    stock: new StockService({
      database,
      outbox: mail.outbox,
      audit: audit.audit,
      lowStock: {
        defaultThreshold: settings.LOW_STOCK_THRESHOLD,
        shopName: shop.name,
        shopEmail: shop.email,
        origin: shop.origin,
      },
      products: gather(stockProducts),
      changed: gather(stockChanged),
    }),
  }),
  adminRoutes: async (scope, { stock }) => {
    await scope.register(stockAdminRoutes, { stock });
  },
  contributes: [
    contribute(dashboardSections, ({ stock }: StockModule) => ({
      position: 20,
      read: () => lowStockSection((limit) => stock.lowStock(limit)),
    })),
  ],
});
