import { z } from 'zod';
import { defineModule } from '../platform/kernel/index.ts';
import { rupees } from '../platform/kernel/setting-types.ts';
import { RateLimiter } from '../platform/http/rate-limit.ts';
import { databaseFace, rateLimitsFace } from '../platform/faces.ts';
import { authFace } from '../platform/auth/face.ts';
import { cartFace } from '../platform/cart/face.ts';
import { stockFace } from '../platform/stock/face.ts';
import { ordersFace, placeOrderPrepaid, placeOrderSteps } from '../platform/orders/face.ts';
import { shippingFace } from '../platform/shipping/face.ts';
import { PlaceOrder } from './place-order.ts';
import { placeOrderRoutes } from './place-order-route.ts';

/** Placing an order (decision 0061): its rules are its settings; the modules it crosses are its needs. */
export const placeOrderFlow = defineModule({
  name: 'placeOrder',
  settings: z.object({
    FREE_SHIPPING_ABOVE_RUPEES: rupees.default(500),
    SHIPPING_FEE_RUPEES: rupees.default(60),
    /** Cash-on-delivery orders above this total are refused: a returned COD parcel costs the shop both ways. */
    COD_MAX_RUPEES: rupees.default(10_000),
    /** Orders one shopper may place per hour, against scripted order spam that locks up stock. */
    ORDERS_PER_HOUR: z.coerce.number().int().min(1).max(1_000_000).default(20),
  }),
  needs: {
    database: databaseFace,
    rateLimits: rateLimitsFace,
    auth: authFace,
    carts: cartFace,
    stock: stockFace,
    orders: ordersFace,
    shipping: shippingFace,
  },
  create: ({ settings, needs, gather }) => ({
    placeOrder: new PlaceOrder({
      database: needs.database,
      auth: needs.auth.auth,
      stock: needs.stock.stock,
      carts: needs.carts.carts,
      placed: needs.orders.placedOrders,
      shipping: {
        freeShippingAboveRupees: settings.FREE_SHIPPING_ABOVE_RUPEES,
        shippingFeeRupees: settings.SHIPPING_FEE_RUPEES,
      },
      codMaxRupees: settings.COD_MAX_RUPEES,
      ordersPerHour: settings.ORDERS_PER_HOUR,
      limiter: new RateLimiter(needs.rateLimits),
      prepaid: gather(placeOrderPrepaid),
      steps: gather(placeOrderSteps),
      deliveries: needs.shipping.estimates,
    }),
  }),
  routes: async (app, { placeOrder }, { auth }) => {
    await app.register(placeOrderRoutes, { placeOrder, hooks: auth.hooks });
  },
});
