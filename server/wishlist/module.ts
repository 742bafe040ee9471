import { contribute, defineModule } from '../platform/kernel/index.ts';
import { databaseFace, shopFace } from '../platform/faces.ts';
import { authFace, forgetShopper } from '../platform/auth/face.ts';
import { catalogFace } from '../platform/catalog/face.ts';
import { stockFace } from '../platform/stock/face.ts';
import { jobsFace } from '../platform/work/jobs.ts';
import { mailFace, unsubscribeLinks } from '../platform/mail/face.ts';
import { WishlistService } from './service.ts';
import { BackInStockMails } from './back-in-stock.ts';
import { wishlistRoutes } from './routes.ts';

export interface Wishlists {
  wishlists: WishlistService;
  backInStock: BackInStockMails;
}

export const wishlistModule = defineModule({
  name: 'wishlist',
  needs: {
    database: databaseFace,
    shop: shopFace,
    catalog: catalogFace,
    stock: stockFace,
    auth: authFace,
    jobs: jobsFace,
    mail: mailFace,
  },
  create: async ({ needs: { database, shop, catalog, stock, auth, jobs, mail } }): Promise<Wishlists> => {
    const wishlists = new WishlistService(database.db, catalog.catalog);
    const backInStock = new BackInStockMails({
      db: database.db,
      catalog: catalog.catalog,
      stock: stock.stock,
      jobs: jobs.jobs,
      outbox: mail.outbox,
      auth: auth.auth,
      wishlists,
      linkSecret: await auth.sharedSecret('back-in-stock-links', undefined),
      origin: shop.origin,
      shopName: shop.name,
    });
    backInStock.register();
    return { wishlists, backInStock };
  },
  routes: async (app, { wishlists, backInStock }, { auth, shop }) => {
    await app.register(wishlistRoutes, { wishlists, backInStock, hooks: auth.hooks, shopName: shop.name });
  },
  jobs: ({ backInStock }) => backInStock.jobs(),
  contributes: [
    contribute(
      forgetShopper,
      ({ wishlists }: Wishlists) =>
        (tx, userId) =>
          wishlists.clear(userId, tx),
    ),
    contribute(unsubscribeLinks, ({ backInStock }: Wishlists) => backInStock.stopLinkPrefix),
  ],
});
