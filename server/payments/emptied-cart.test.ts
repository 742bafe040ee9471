// Issue 20: the server alone empties a shopper's cart, when a cash-on-delivery order is placed and when a prepaid
// order's payment completes; the browser sends nothing for it.
import { describe, expect, it } from 'vitest';
import { orderBody, placeOrder, verifiedShopper } from '../testing/orders.ts';
import { control, paymentTestWorld, placePrepaidOrder, startedPayment } from '../testing/payments.ts';

const { shop, simulator, supplyProduct, waitForPayment } = paymentTestWorld();

type Headers = Record<string, string>;
const cartLines = async (bearer: Headers) => {
  const response = await shop().app.inject({ method: 'GET', url: '/api/cart', headers: bearer });
  expect(response.statusCode).toBe(200);
  return response.json<{ cartItems: unknown[] }>().cartItems;
};
const fillCart = async (bearer: Headers, productId: string) => {
  const response = await shop().app.inject({
    method: 'PUT',
    url: '/api/cart',
    headers: bearer,
    payload: { items: [{ _id: productId, quantity: 1 }] },
  });
  expect(response.statusCode).toBe(200);
  expect(await cartLines(bearer)).toHaveLength(1);
};

describe('the server empties the cart', () => {
  it('when a cash-on-delivery order is placed', async () => {
    const productId = await supplyProduct({ stock: 5 });
    const shopper = await verifiedShopper(shop());
    await fillCart(shopper.bearer, productId);
    const placed = await placeOrder(shop(), shopper.bearer, orderBody([{ _id: productId, quantity: 1 }]));
    expect(placed.statusCode).toBe(201);
    expect(await cartLines(shopper.bearer)).toEqual([]);
  });

  it("when a prepaid order's payment completes, and not before", async () => {
    const productId = await supplyProduct({ stock: 5 });
    const shopper = await verifiedShopper(shop());
    await fillCart(shopper.bearer, productId);
    const orderId = await placePrepaidOrder(shop(), shopper, productId);
    const { merchantOrderId } = await startedPayment(shop(), shopper, orderId);
    expect(await cartLines(shopper.bearer)).toHaveLength(1); // unpaid: the shopper may still change their mind

    await control(simulator(), `payments/${merchantOrderId}`, { outcome: 'COMPLETED' });
    await waitForPayment(orderId, 'paid');
    expect(await cartLines(shopper.bearer)).toEqual([]);
  });
});
