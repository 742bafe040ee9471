import { beforeAll, describe, expect, it } from 'vitest';
import { signUp, uniqueEmail } from '../testing/accounts.ts';
import { signedInAdmin } from '../testing/admin-session.ts';
import {
  orderBody,
  orderCount,
  orderTestShop,
  placedOrderId,
  placeOrder,
  storedStock,
  userOrders,
  validAddress,
  verifiedShopper,
  type Shopper,
} from '../testing/orders.ts';
import { CONTROL_CHARACTERS_MESSAGE } from '../../core/contracts/fields.ts';

const { shop, supplyProduct } = orderTestShop();

const NUL = '\u0000';
/** NUL (which PostgreSQL cannot store), another C0 control, DEL and a C1 control, inside the text. */
const CONTROLS = [NUL, '\u001b', '\u007f', '\u0085'].map((control) => [
  `U+${control.codePointAt(0)!.toString(16).padStart(4, '0')}`,
  control,
]);
const refused = { message: CONTROL_CHARACTERS_MESSAGE };
const request = (method: 'GET' | 'POST' | 'PUT', url: string, headers: Record<string, string>, payload?: object) =>
  shop().app.inject({ method, url, headers, ...(payload ? { payload } : {}) });

describe('sign-up and profile texts with control characters: 400, never 500', () => {
  it.each(CONTROLS)('sign-up refuses a full name with %s', async (_label, control) => {
    const email = uniqueEmail();
    const payload = { fullname: `Asha${control} Verma`, email, password: 'marigold7tulsi' };
    const response = await request('POST', '/api/auth/signup', {}, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject(refused);
    const signIn = await request('POST', '/api/auth/signin', {}, { email, password: payload.password });
    expect(signIn.statusCode).not.toBe(200);
  });

  const addressFields = ['fname', 'lname', 'address1', 'address2', 'city', 'state', 'email'] as const;
  it.each(addressFields)('the profile address refuses NUL in %s', async (field) => {
    const { bearer } = await signUp(shop());
    const response = await request('PUT', '/api/auth/profile', bearer, { ...validAddress, [field]: `Pu${NUL}ne` });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(refused);
    const profile = await request('GET', '/api/auth/profile', bearer);
    expect(profile.json().user.address ?? null).toBeNull();
  });

  it.each(CONTROLS)('the account details refuse a full name with %s', async (_label, control) => {
    const { bearer, email } = await signUp(shop());
    const response = await request('PUT', '/api/auth/profile', bearer, {
      fullName: `Asha${control}`,
      email,
      phone: '9876543210',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(refused);
    expect((await request('GET', '/api/auth/profile', bearer)).json().user.fullname).toBe('Asha Verma');
  });
});

describe('orders with control characters: 400, never 500', () => {
  let productId: string;
  let shopper: Shopper;
  let orderId: string;
  beforeAll(async () => {
    productId = await supplyProduct({ stock: 10 });
    shopper = await verifiedShopper(shop());
    orderId = await placedOrderId(shop(), shopper.bearer, orderBody([{ _id: productId, quantity: 1 }]));
  });

  const addressFields = ['fname', 'lname', 'address1', 'address2', 'city', 'state', 'email'] as const;
  it.each(addressFields)('create-order refuses NUL in the shipping %s and writes nothing', async (field) => {
    const shippingAddress = { ...validAddress, [field]: `${validAddress[field]}${NUL}x` };
    const response = await placeOrder(
      shop(),
      shopper.bearer,
      orderBody([{ _id: productId, quantity: 1 }], { shippingAddress }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(refused);
    expect(await orderCount(shop(), shopper.userId)).toBe(1);
    expect(await storedStock(shop(), productId)).toBe(9);
  });

  it.each(CONTROLS)('track refuses an order id with %s', async (_label, control) => {
    const response = await request(
      'POST',
      '/api/orders/track',
      {},
      { orderId: `${control}${orderId}`, email: shopper.email },
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(refused);
  });

  it('refuses NUL in an order id path before any query', async () => {
    const admin = await signedInAdmin(shop());
    for (const [method, url, headers, payload] of [
      ['GET', '/api/orders/%00', shopper.bearer],
      ['POST', '/api/orders/%00/cancel', shopper.bearer],
      ['POST', `/api/orders/${orderId}%00/cancel`, shopper.bearer],
      ['POST', '/api/admin/orders/%00/status', admin.headers, { status: 'confirmed' }],
    ] as const) {
      const response = await request(method, url, headers, payload);
      expect(response.statusCode, `${method} ${url}`).toBe(400);
      expect(response.json()).toEqual(refused);
    }
    expect((await userOrders(shop(), shopper.bearer))[0]!.orderStatus).toBe('placed');
  });

  it('refuses a product id with NUL in an order line and in the cart', async () => {
    const order = await placeOrder(shop(), shopper.bearer, orderBody([{ _id: `${productId}${NUL}`, quantity: 1 }]));
    expect(order.statusCode).toBe(400);
    expect(order.json()).toEqual({ message: 'This product does not exist' });
    const cart = await request('PUT', '/api/cart', shopper.bearer, {
      items: [{ _id: `${NUL}${productId}`, quantity: 1 }],
    });
    expect(cart.statusCode).toBe(400);
    expect(cart.json()).toEqual({ message: 'This product does not exist' });
    expect(await orderCount(shop(), shopper.userId)).toBe(1);
  });
});

describe('ids in any case', () => {
  it('places an order whose product id is upper-case, joined with the same id in lower case', async () => {
    const productId = await supplyProduct({ stock: 10, pricePaise: 20_000 });
    const { bearer } = await verifiedShopper(shop());
    await placedOrderId(
      shop(),
      bearer,
      orderBody([
        { _id: productId.toUpperCase(), quantity: 2 },
        { _id: productId, quantity: 1 },
      ]),
    );
    const [order] = await userOrders(shop(), bearer);
    expect(order!.orderItems).toEqual([expect.objectContaining({ _id: productId, quantity: 3, price: 200 })]);
    expect(order!.totalPrice).toBe(600);
    expect(await storedStock(shop(), productId)).toBe(7);
  });

  it('finds and cancels an order by its id in lower case; an id of the wrong shape is simply not found', async () => {
    const productId = await supplyProduct({ stock: 10 });
    const { bearer } = await verifiedShopper(shop());
    const orderId = await placedOrderId(shop(), bearer, orderBody([{ _id: productId, quantity: 1 }]));
    const lower = orderId.toLowerCase();
    const shown = await request('GET', `/api/orders/${lower}`, bearer);
    expect(shown.statusCode).toBe(200);
    expect(shown.json().order.orderId).toBe(orderId);
    const cancelled = await request('POST', `/api/orders/${lower}/cancel`, bearer);
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json().order.orderStatus).toBe('cancelled');
    for (const wrongShape of ['not-an-order', `${orderId}0`, 'x'.repeat(64)]) {
      const response = await request('GET', `/api/orders/${wrongShape}`, bearer);
      expect(response.statusCode, wrongShape).toBe(404);
      expect(response.json()).toEqual({ message: 'Order not found' });
    }
  });
});
