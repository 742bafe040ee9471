import { describe, expect, it } from 'vitest';
import { orderBody, orderTestShop, placedOrderId, verifiedShopper } from '../testing/orders.ts';

const { shop, supplyProduct } = orderTestShop();

describe("the dashboard's orders at a glance", () => {
  it("counts today's and this month's sales, and the prepaid orders that wait on someone", async () => {
    const orders = shop().services.orders;
    const before = await orders.atAGlance();
    const productId = await supplyProduct({ stock: 20, pricePaise: 100_000 });
    const asha = await verifiedShopper(shop());
    const line = [{ _id: productId, quantity: 1 }];
    await placedOrderId(shop(), asha.bearer, orderBody(line));
    const cancelled = await placedOrderId(shop(), asha.bearer, orderBody(line));
    const cancel = await shop().app.inject({
      method: 'POST',
      url: `/api/orders/${cancelled}/cancel`,
      headers: asha.bearer,
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    // Unpaid: not a sale yet, but a payment that may still complete.
    await placedOrderId(shop(), asha.bearer, orderBody(line, { paymentMethod: 'prepaid' }));

    const after = await orders.atAGlance();
    expect(after.today.orders - before.today.orders).toBe(1);
    expect(after.thisMonth.orders - before.thisMonth.orders).toBe(1);
    // ₹1,000 ships free (above FREE_SHIPPING_ABOVE_RUPEES): the sale is its price alone.
    expect(after.today.revenuePaise - before.today.revenuePaise).toBe(100_000);
    expect(after.paymentsAwaiting - before.paymentsAwaiting).toBe(1);
    expect(after.refundsDue).toBe(before.refundsDue);
  });
});
