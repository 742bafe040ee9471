import { contribute, defineModule } from '../platform/kernel/index.ts';
import { cartFace } from '../platform/cart/face.ts';
import { databaseFace } from '../platform/faces.ts';
import { authFace, forgetShopper } from '../platform/auth/face.ts';
import { catalogFace } from '../platform/catalog/face.ts';
import { CartService } from './service.ts';
import { cartRoutes } from './routes.ts';

export interface Carts {
  carts: CartService;
}

export const cartModule = defineModule({
  name: 'cart',
  needs: { database: databaseFace, catalog: catalogFace, auth: authFace },
  provides: cartFace,
  create: ({ needs }): Carts => ({ carts: new CartService(needs.database.db, needs.catalog.catalog) }),
  routes: async (app, { carts }, { auth }) => {
    await app.register(cartRoutes, { carts, hooks: auth.hooks });
  },
  contributes: [
    contribute(
      forgetShopper,
      ({ carts }: Carts) =>
        (tx, userId) =>
          carts.clear(userId, tx),
    ),
  ],
});
