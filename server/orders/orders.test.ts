import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { testShopFor } from '../testing/harness.ts';
import { signUp } from '../testing/accounts.ts';
import {
  catalogProduct,
  orderBody,
  orderCount,
  orderTestShop,
  placedOrderId,
  placeOrder,
  queuedMails,
  setProduct,
  storedStock,
  userOrders,
  validAddress,
  verifiedShopper,
  type Shopper,
} from '../testing/orders.ts';
import { cartItems } from '../cart/schema.ts';
import { products } from '../catalog/schema.ts';
import { stockLevels } from '../stock/schema.ts';
import { escapeHtml } from '../platform/mail/templates.ts';
import type { Product } from '../../core/product.ts';

const { shop, supplyProduct } = orderTestShop();

const get = (url: string, headers: Record<string, string> = {}) => shop().app.inject({ method: 'GET', url, headers });
const track = (payload: object, remoteAddress = '10.9.0.1') =>
  shop().app.inject({ method: 'POST', url: '/api/orders/track', payload, remoteAddress });

describe('POST /api/orders/create-order: prices come from the database', () => {
  it('ignores prices, totals, titles and stock sent by the client', async () => {
    const productId = await supplyProduct({ stock: 10, pricePaise: 12_345 });
    const product = await catalogProduct(shop(), productId);
    expect(product.price).toBe(123.45);
    const { bearer } = await verifiedShopper(shop());

    const tampered = {
      ...orderBody([
        { _id: productId, quantity: 2, price: 1, title: 'Free lamp', countInStock: 9999, image: ['x.png'] },
      ]),
      itemsPrice: 1,
      shippingPrice: 0,
      totalPrice: 2,
      isPaid: true,
      orderStatus: 'delivered',
    };
    await placedOrderId(shop(), bearer, tampered);

    const [order] = await userOrders(shop(), bearer);
    expect(order).toMatchObject({
      itemsPrice: 246.9,
      shippingPrice: 60,
      totalPrice: 306.9,
      isPaid: false,
      orderStatus: 'placed',
      paymentMethod: 'cod',
    });
    expect(order!.orderItems).toEqual([
      { _id: productId, title: product.title, image: [product.image[0]], price: 123.45, quantity: 2 },
    ]);
    expect(await storedStock(shop(), productId)).toBe(8);
    expect((await catalogProduct(shop(), productId)).countInStock).toBe(8);
  });

  it('charges ₹60 shipping up to ₹500 of items and ships free above', async () => {
    const productId = await supplyProduct({ stock: 10, pricePaise: 25_000 });
    const { bearer } = await verifiedShopper(shop());
    await placedOrderId(shop(), bearer, orderBody([{ _id: productId, quantity: 2 }]));
    await placedOrderId(shop(), bearer, orderBody([{ _id: productId, quantity: 3 }]));
    const [above, atThreshold] = await userOrders(shop(), bearer);
    expect(atThreshold).toMatchObject({ itemsPrice: 500, shippingPrice: 60, totalPrice: 560 });
    expect(above).toMatchObject({ itemsPrice: 750, shippingPrice: 0, totalPrice: 750 });
    expect(await storedStock(shop(), productId)).toBe(5);
  });

  it('keeps a snapshot of the price it was sold at', async () => {
    const productId = await supplyProduct({ stock: 10, pricePaise: 40_000 });
    const { bearer } = await verifiedShopper(shop());
    await placedOrderId(shop(), bearer, orderBody([{ _id: productId, quantity: 1 }]));
    await setProduct(shop(), productId, { stock: 10, pricePaise: 99_900 });
    const [order] = await userOrders(shop(), bearer);
    expect(order!.orderItems[0]!.price).toBe(400);
    expect(order!.totalPrice).toBe(460);
  });

  it('charges the price in the database even when the catalogue cache has not caught up', async () => {
    const productId = await supplyProduct({ stock: 10, pricePaise: 40_000 });
    await catalogProduct(shop(), productId); // the cache now holds ₹400
    const { db } = shop().services.database;
    // Changed behind the cache's back: no notification.
    await db.update(products).set({ pricePaise: 45_000, originalPricePaise: 99_900 }).where(eq(products.id, productId));
    await db.update(stockLevels).set({ countInStock: 10 }).where(eq(stockLevels.productId, productId));
    const { bearer, email } = await verifiedShopper(shop());
    await placedOrderId(shop(), bearer, orderBody([{ _id: productId, quantity: 1 }]));
    const [order] = await userOrders(shop(), bearer);
    expect(order!.orderItems[0]!.price).toBe(450);
    expect(order!.totalPrice).toBe(510);
    expect(await storedStock(shop(), productId)).toBe(9);
    const mails = await queuedMails(shop(), email, 'Order placed');
    expect(mails.at(-1)!.text).toContain('₹450.00');
    expect(mails.at(-1)!.text).not.toContain('₹400.00');
  });

  it('joins lines of the same product, within the quantity limit', async () => {
    const productId = await supplyProduct({ stock: 20, pricePaise: 10_000 });
    const { bearer } = await verifiedShopper(shop());
    const lines = (first: number, second: number) => [
      { _id: productId, quantity: first },
      { _id: productId, quantity: second },
    ];
    await placedOrderId(shop(), bearer, orderBody(lines(2, 3)));
    const [order] = await userOrders(shop(), bearer);
    expect(order!.orderItems).toHaveLength(1);
    expect(order!.orderItems[0]!.quantity).toBe(5);

    const tooMany = await placeOrder(shop(), bearer, orderBody(lines(60, 60)));
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json()).toEqual({ message: 'Quantity must be at most 99' });
    expect(await storedStock(shop(), productId)).toBe(15);
  });
});

describe('POST /api/orders/create-order: bad input', () => {
  let productId: string;
  let shopper: Shopper;
  beforeAll(async () => {
    productId = await supplyProduct({ stock: 5 });
    shopper = await verifiedShopper(shop());
  });

  const line = (changes: object) => orderBody([{ _id: productId, quantity: 1, ...changes }]);
  const address = (changes: object) =>
    orderBody([{ _id: productId, quantity: 1 }], {
      shippingAddress: { ...validAddress, ...changes },
    });
  const withoutAddressField = (field: keyof typeof validAddress) => {
    const shippingAddress: Partial<typeof validAddress> = { ...validAddress };
    delete shippingAddress[field];
    return orderBody([{ _id: productId, quantity: 1 }], { shippingAddress });
  };

  // [what is wrong, the body, the message (a pattern where the text is zod's own)]
  const cases: Array<[string, () => object, string | RegExp]> = [
    ['quantity 0', () => line({ quantity: 0 }), 'Quantity must be at least 1'],
    ['a negative quantity', () => line({ quantity: -2 }), 'Quantity must be at least 1'],
    ['a fractional quantity', () => line({ quantity: 1.5 }), 'Quantity must be a whole number'],
    ['quantity 1000', () => line({ quantity: 1000 }), 'Quantity must be at most 99'],
    ['quantity 1e9', () => line({ quantity: 1e9 }), 'Quantity must be at most 99'],
    ['a quantity as a string', () => line({ quantity: '2' }), /expected number/],
    ['no quantity', () => orderBody([{ _id: productId }]), /expected number/],
    [
      'an unknown product',
      () => line({ _id: randomUUID() }),
      'A product in your cart is no longer sold. Please remove it and try again.',
    ],
    ['a malformed product id', () => line({ _id: 'lamp-1' }), 'This product does not exist'],
    ['no product id', () => orderBody([{ quantity: 1 }]), 'Product id is required'],
    ['a 5-digit PIN code', () => address({ pincode: '12345' }), 'PIN code must be 6 digits.'],
    ['a PIN code of letters', () => address({ pincode: 'abcdef' }), 'PIN code must be 6 digits.'],
    ['a 5-digit phone', () => address({ phone: '12345' }), 'Phone number must be 10 digits.'],
    ['a short first name', () => address({ fname: 'As' }), 'First Name should be minimum 3 characters'],
    ['no first name', () => withoutAddressField('fname'), 'First Name should be minimum 3 characters'],
    ['no last name', () => withoutAddressField('lname'), 'Last name is required.'],
    ['a blank address', () => address({ address1: '  ' }), 'Address is required.'],
    ['no city', () => withoutAddressField('city'), 'City is required.'],
    ['no state', () => withoutAddressField('state'), 'State is required.'],
    ['no PIN code', () => withoutAddressField('pincode'), 'PIN code must be 6 digits.'],
    ['no phone', () => withoutAddressField('phone'), 'Phone number must be 10 digits.'],
    ['no e-mail', () => withoutAddressField('email'), 'Enter Email'],
    ['an invalid e-mail', () => address({ email: 'asha@' }), 'Invalid email address'],
    ['no address at all', () => orderBody([{ _id: productId, quantity: 1 }], { shippingAddress: undefined }), /./],
    ['no lines', () => orderBody([]), 'Your cart is empty'],
    ['no orderItems', () => orderBody([], { orderItems: undefined }), 'Your cart is empty'],
    [
      'an unknown payment method',
      () => orderBody([{ _id: productId, quantity: 1 }], { paymentMethod: 'card' }),
      'Choose prepaid or cash on delivery',
    ],
    [
      'no payment method',
      () => orderBody([{ _id: productId, quantity: 1 }], { paymentMethod: undefined }),
      'Choose prepaid or cash on delivery',
    ],
  ];

  it.each(cases)('refuses %s with 400 and writes nothing', async (_label, body, message) => {
    const response = await placeOrder(shop(), shopper.bearer, body());
    expect(response.statusCode).toBe(400);
    const json = response.json<{ message: string }>();
    expect(Object.keys(json)).toEqual(['message']);
    if (typeof message === 'string') expect(json.message).toBe(message);
    else expect(json.message).toMatch(message);
    expect(await orderCount(shop(), shopper.userId)).toBe(0);
    expect(await storedStock(shop(), productId)).toBe(5);
    expect(await queuedMails(shop(), shopper.email, 'Order placed')).toHaveLength(0);
  });

  it('refuses an Idempotency-Key over 200 characters', async () => {
    const response = await placeOrder(shop(), shopper.bearer, line({}), 'k'.repeat(201));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'Idempotency-Key must be at most 200 characters' });
    expect(await orderCount(shop(), shopper.userId)).toBe(0);
  });
});

describe('POST /api/orders/create-order: stock', () => {
  /** A new shopper orders `quantity` of a product with `stock` left: the answer, the product and the shopper. */
  async function orderFromStock(stock: number, quantity: number) {
    const productId = await supplyProduct({ stock });
    const { title } = await catalogProduct(shop(), productId);
    const { bearer, userId } = await verifiedShopper(shop());
    const response = await placeOrder(shop(), bearer, orderBody([{ _id: productId, quantity }]));
    return { response, productId, title, userId };
  }

  it('answers 409 naming a product that is out of stock', async () => {
    const { response, title, userId } = await orderFromStock(0, 1);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ message: `Sorry, '${title}' is out of stock.` });
    expect(await orderCount(shop(), userId)).toBe(0);
  });

  it('answers 409 "Only N of …" for more than there is', async () => {
    const { response, productId, title, userId } = await orderFromStock(3, 4);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ message: `Only 3 of '${title}' left in stock. Please lower the quantity.` });
    expect(await orderCount(shop(), userId)).toBe(0);
    expect(await storedStock(shop(), productId)).toBe(3);
  });

  it('takes nothing out of stock when a later line cannot be met', async () => {
    // Lines are reserved in product-id order: the first one succeeds before the second fails.
    const [inStock, soldOut] = [await supplyProduct({ stock: 5 }), await supplyProduct({ stock: 5 })].sort();
    await setProduct(shop(), soldOut!, { stock: 0 });
    const { bearer, userId } = await verifiedShopper(shop());
    const response = await placeOrder(
      shop(),
      bearer,
      orderBody([
        { _id: inStock!, quantity: 2 },
        { _id: soldOut!, quantity: 1 },
      ]),
    );
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toContain((await catalogProduct(shop(), soldOut!)).title);
    expect(await storedStock(shop(), inStock!)).toBe(5);
    expect(await orderCount(shop(), userId)).toBe(0);
  });
});

describe('POST /api/orders/create-order: who may order', () => {
  it('needs a signed-in shopper', async () => {
    const productId = await supplyProduct({ stock: 5 });
    const response = await placeOrder(shop(), {}, orderBody([{ _id: productId, quantity: 1 }]));
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: 'Please sign in' });
    expect((await get('/api/orders/get-user-orders')).statusCode).toBe(401);
    expect(await storedStock(shop(), productId)).toBe(5);
  });

  it('needs a verified e-mail, and places the order once the mailed link is followed', async () => {
    const productId = await supplyProduct({ stock: 5 });
    const { bearer, email } = await signUp(shop());
    const body = orderBody([{ _id: productId, quantity: 1 }]);
    const refused = await placeOrder(shop(), bearer, body);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: 'Please verify your e-mail address before placing an order.' });
    expect(await storedStock(shop(), productId)).toBe(5);

    const [mail] = await queuedMails(shop(), email, 'Verify your e-mail');
    const token = /\/verify-email\/([\w-]+)/.exec(mail!.text)![1];
    expect((await shop().app.inject({ method: 'POST', url: `/api/auth/verify-email/${token}` })).statusCode).toBe(200);
    expect((await placeOrder(shop(), bearer, body)).statusCode).toBe(201);
    expect(await storedStock(shop(), productId)).toBe(4);
  });
});

describe('POST /api/orders/create-order: Idempotency-Key', () => {
  it('turns 10 sequential retries into one order', async () => {
    const productId = await supplyProduct({ stock: 20 });
    const { bearer, userId, email } = await verifiedShopper(shop());
    const body = orderBody([{ _id: productId, quantity: 2 }]);
    const key = randomUUID();
    const responses = [];
    for (let attempt = 0; attempt < 10; attempt++) responses.push(await placeOrder(shop(), bearer, body, key));
    expect(responses.map((response) => response.statusCode)).toEqual([201, ...Array(9).fill(200)]);
    const ids = new Set(responses.map((response) => response.json().orderId));
    expect(ids.size).toBe(1);
    expect(await orderCount(shop(), userId)).toBe(1);
    expect(await storedStock(shop(), productId)).toBe(18);
    expect(await queuedMails(shop(), email, 'Order placed')).toHaveLength(1);
  });

  it('refuses the same key with a different body with 422, and keeps the first order', async () => {
    const [lamp, vase] = [await supplyProduct({ stock: 20 }), await supplyProduct({ stock: 20 })];
    const { bearer, userId } = await verifiedShopper(shop());
    const body = orderBody([{ _id: lamp, quantity: 2 }]);
    const key = randomUUID();
    const first = await placeOrder(shop(), bearer, body, key);
    expect(first.statusCode).toBe(201);
    const changed = [
      orderBody([{ _id: lamp, quantity: 3 }]),
      orderBody([{ _id: vase, quantity: 2 }]),
      orderBody([{ _id: lamp, quantity: 2 }], { paymentMethod: 'prepaid' }),
      orderBody([{ _id: lamp, quantity: 2 }], { shippingAddress: { ...validAddress, address1: '14 MG Road' } }),
    ];
    for (const other of changed) {
      const response = await placeOrder(shop(), bearer, other, key);
      expect(response.statusCode).toBe(422);
      expect(response.json()).toEqual({
        message:
          'This Idempotency-Key was already used for a different order. Please check your orders before placing another.',
      });
    }
    expect(await orderCount(shop(), userId)).toBe(1);
    expect([await storedStock(shop(), lamp), await storedStock(shop(), vase)]).toEqual([18, 20]);
  });

  it('answers the same request, however it is written, with the first order', async () => {
    const [lamp, vase] = [await supplyProduct({ stock: 20 }), await supplyProduct({ stock: 20 })];
    const { bearer, userId } = await verifiedShopper(shop());
    const key = randomUUID();
    const first = await placeOrder(
      shop(),
      bearer,
      orderBody([
        { _id: lamp, quantity: 2 },
        { _id: vase, quantity: 1 },
      ]),
      key,
    );
    expect(first.statusCode).toBe(201);
    // The same lines split, reordered and in upper case, with the address padded and its e-mail in capitals.
    const sameRequest = orderBody(
      [
        { _id: vase.toUpperCase(), quantity: 1 },
        { _id: lamp, quantity: 1 },
        { _id: lamp, quantity: 1, price: 1 },
      ],
      { shippingAddress: { ...validAddress, city: ` ${validAddress.city} `, email: validAddress.email.toUpperCase() } },
    );
    const retry = await placeOrder(shop(), bearer, sameRequest, key);
    expect(retry.statusCode).toBe(200);
    expect(retry.json()).toEqual(first.json());
    expect(await orderCount(shop(), userId)).toBe(1);
  });

  it('refuses a different body under the key of a request still in flight', async () => {
    const productId = await supplyProduct({ stock: 20 });
    const { bearer, userId } = await verifiedShopper(shop());
    const key = randomUUID();
    const [one, other] = await Promise.all([
      placeOrder(shop(), bearer, orderBody([{ _id: productId, quantity: 1 }]), key),
      placeOrder(shop(), bearer, orderBody([{ _id: productId, quantity: 4 }]), key),
    ]);
    expect([one.statusCode, other.statusCode].sort()).toEqual([201, 422]);
    expect(await orderCount(shop(), userId)).toBe(1);
    const placed = one.statusCode === 201 ? 1 : 4;
    expect(await storedStock(shop(), productId)).toBe(20 - placed);
  });

  it('keeps keys apart between shoppers, and places a new order without a key', async () => {
    const productId = await supplyProduct({ stock: 20 });
    const [first, second] = [await verifiedShopper(shop()), await verifiedShopper(shop())];
    const body = orderBody([{ _id: productId, quantity: 1 }]);
    const one = await placeOrder(shop(), first.bearer, body, 'same-key');
    const other = await placeOrder(shop(), second.bearer, body, 'same-key');
    expect([one.statusCode, other.statusCode]).toEqual([201, 201]);
    expect(one.json().orderId).not.toBe(other.json().orderId);
    await placedOrderId(shop(), first.bearer, body);
    await placedOrderId(shop(), first.bearer, body);
    expect(await orderCount(shop(), first.userId)).toBe(3);
    expect(await storedStock(shop(), productId)).toBe(16);
  });
});

describe('cash on delivery', () => {
  it('empties the server cart, queues the confirmation mail and shows the new stock at once', async () => {
    const lamp = await supplyProduct({ stock: 7 });
    const vase = await supplyProduct({ stock: 9 });
    const shopper = await verifiedShopper(shop());
    const neighbour = await verifiedShopper(shop());
    const { db } = shop().services.database;
    await db.insert(cartItems).values([
      { userId: shopper.userId, productId: lamp, quantity: 1 },
      { userId: shopper.userId, productId: vase, quantity: 2 },
      { userId: neighbour.userId, productId: lamp, quantity: 1 },
    ]);
    // Warm the catalogue cache, so a missed invalidation would show the old stock.
    expect((await catalogProduct(shop(), lamp)).countInStock).toBe(7);
    const listed = async (id: string) =>
      (await get('/api/product/all-products')).json<{ products: Product[] }>().products.find((p) => p._id === id)!;
    expect((await listed(vase)).countInStock).toBe(9);

    const orderId = await placedOrderId(
      shop(),
      shopper.bearer,
      orderBody([
        { _id: lamp, quantity: 1 },
        { _id: vase, quantity: 2 },
      ]),
    );

    const left = await db.select().from(cartItems).where(eq(cartItems.userId, shopper.userId));
    expect(left).toEqual([]);
    expect(await db.select().from(cartItems).where(eq(cartItems.userId, neighbour.userId))).toHaveLength(1);

    const mails = await queuedMails(shop(), shopper.email, 'Order placed');
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail!.subject).toBe(`Order placed: #${orderId.slice(-6)}`);
    expect(await queuedMails(shop(), validAddress.email, 'Order placed')).toHaveLength(0);
    for (const text of [
      orderId,
      (await catalogProduct(shop(), lamp)).title,
      (await catalogProduct(shop(), vase)).title,
    ]) {
      expect(mail!.text).toContain(text);
      expect(mail!.html).toContain(escapeHtml(text));
    }

    expect((await catalogProduct(shop(), lamp)).countInStock).toBe(6);
    expect((await listed(vase)).countInStock).toBe(7);
  });

  it('leaves a prepaid order pending, with the cart kept and no mail yet', async () => {
    const productId = await supplyProduct({ stock: 5 });
    const shopper = await verifiedShopper(shop());
    const { db } = shop().services.database;
    await db.insert(cartItems).values({ userId: shopper.userId, productId, quantity: 1 });
    await placedOrderId(
      shop(),
      shopper.bearer,
      orderBody([{ _id: productId, quantity: 1 }], { paymentMethod: 'prepaid' }),
    );
    const [order] = await userOrders(shop(), shopper.bearer);
    expect(order).toMatchObject({ paymentMethod: 'prepaid', paymentStatus: 'pending', isPaid: false });
    expect(await db.select().from(cartItems).where(eq(cartItems.userId, shopper.userId))).toHaveLength(1);
    expect(await queuedMails(shop(), shopper.email, 'Order placed')).toHaveLength(0);
  });
});

describe('one shopper never sees another shopper’s order', () => {
  let asha: Shopper;
  let ravi: Shopper;
  let ashaOrder: string;
  let raviOrder: string;
  beforeAll(async () => {
    const productId = await supplyProduct({ stock: 10 });
    [asha, ravi] = [await verifiedShopper(shop()), await verifiedShopper(shop())];
    ashaOrder = await placedOrderId(shop(), asha.bearer, orderBody([{ _id: productId, quantity: 1 }]));
    raviOrder = await placedOrderId(
      shop(),
      ravi.bearer,
      orderBody([{ _id: productId, quantity: 2 }], { shippingAddress: { ...validAddress, email: 'ravi@example.in' } }),
    );
  });

  it('lists only the shopper’s own orders, newest first', async () => {
    const productId = await supplyProduct({ stock: 10 });
    const second = await placedOrderId(shop(), asha.bearer, orderBody([{ _id: productId, quantity: 1 }]));
    expect((await userOrders(shop(), asha.bearer)).map((order) => order.orderId)).toEqual([second, ashaOrder]);
    expect((await userOrders(shop(), ravi.bearer)).map((order) => order.orderId)).toEqual([raviOrder]);
  });

  it('shows one order to its owner only', async () => {
    const own = await get(`/api/orders/${ashaOrder}`, asha.bearer);
    expect(own.statusCode).toBe(200);
    expect(own.json().order).toMatchObject({ orderId: ashaOrder, shippingAddress: validAddress, cancellable: true });
    const stranger = await get(`/api/orders/${ashaOrder}`, ravi.bearer);
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json()).toEqual({ message: 'Order not found' });
    expect((await get(`/api/orders/${ashaOrder}`)).statusCode).toBe(401);
  });

  it('lets no one else cancel it', async () => {
    const response = await shop().app.inject({
      method: 'POST',
      url: `/api/orders/${ashaOrder}/cancel`,
      headers: ravi.bearer,
    });
    expect(response.statusCode).toBe(404);
    expect((await get(`/api/orders/${ashaOrder}`, asha.bearer)).json().order.orderStatus).toBe('placed');
  });

  it('does not track it with someone else’s e-mail', async () => {
    expect((await track({ orderId: ashaOrder, email: asha.email })).statusCode).toBe(200);
    for (const email of [ravi.email, 'ravi@example.in']) {
      const response = await track({ orderId: ashaOrder, email });
      expect(response.statusCode).toBe(404);
    }
  });
});

describe('POST /api/orders/track', () => {
  let shopper: Shopper;
  let orderId: string;
  const notFound = { message: 'No order matches this order id and e-mail address.' };
  beforeAll(async () => {
    const productId = await supplyProduct({ stock: 10, pricePaise: 30_000 });
    shopper = await verifiedShopper(shop());
    orderId = await placedOrderId(shop(), shopper.bearer, orderBody([{ _id: productId, quantity: 2 }]));
  });

  it('shows the status timeline for the order id and the account e-mail, and no address', async () => {
    const response = await track({ orderId, email: shopper.email.toUpperCase() });
    expect(response.statusCode).toBe(200);
    const { order } = response.json();
    for (const hidden of ['_id', 'shippingAddress', 'orderItems', 'email', 'userId'])
      expect(order).not.toHaveProperty(hidden);
    expect(order).toMatchObject({ orderId, orderStatus: 'placed', itemCount: 2, totalPrice: 600, isPaid: false });
    expect(order.statusHistory).toEqual([{ status: 'placed', at: expect.any(String) }]);
    for (const secret of [validAddress.address1, validAddress.phone, validAddress.pincode]) {
      expect(response.body).not.toContain(secret);
    }
  });

  it('also finds it by the shipping address e-mail, and by a lower-case order id', async () => {
    const byShippingEmail = await track({ orderId, email: validAddress.email.toUpperCase() });
    expect(byShippingEmail.statusCode).toBe(200);
    const lowerCase = await track({ orderId: ` ${orderId.toLowerCase()} `, email: shopper.email });
    expect(lowerCase.statusCode).toBe(200);
    expect(lowerCase.json().order.orderId).toBe(orderId);
  });

  it('answers a wrong e-mail exactly like a wrong order id', async () => {
    const wrongEmail = await track({ orderId, email: 'someone.else@example.in' });
    // Another valid-looking id: the last character changed (an id may end in '0' already).
    const otherLast = orderId.endsWith('0') ? '1' : '0';
    const wrongId = await track({ orderId: `${orderId.slice(0, -1)}${otherLast}`, email: shopper.email });
    const unknownId = await track({ orderId: 'NOTANORDER', email: shopper.email });
    for (const response of [wrongEmail, wrongId, unknownId]) {
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual(notFound);
    }
    expect(wrongEmail.body).toBe(wrongId.body);
  });

  it.each([
    [{ email: 'asha@example.in' }, 'Enter Order Id'],
    [{ orderId: '  ', email: 'asha@example.in' }, 'Enter Order Id'],
    [{ orderId: 'ABC' }, 'Enter Email'],
    [{ orderId: 'ABC', email: 'asha@' }, 'Invalid email address'],
  ])('refuses %o with "%s"', async (payload, message) => {
    const response = await track(payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message });
  });
});

describe('POST /api/orders/track: rate limit', () => {
  const limited = testShopFor({ SEED_DEMO: 'false', AUTH_ATTEMPTS_PER_MINUTE: '3' });

  it('answers the 4th lookup within a minute from one address with 429', async () => {
    const attempt = (remoteAddress: string) =>
      limited().app.inject({
        method: 'POST',
        url: '/api/orders/track',
        payload: { orderId: 'ABCDEFGHJKMNPQRSTVWXYZ01', email: 'asha@example.in' },
        remoteAddress,
      });
    for (let count = 0; count < 3; count++) expect((await attempt('10.8.0.1')).statusCode).toBe(404);
    const fourth = await attempt('10.8.0.1');
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json().message).toMatch(/^Too many attempts/);
    expect((await attempt('10.8.0.2')).statusCode).toBe(404);
  });
});
