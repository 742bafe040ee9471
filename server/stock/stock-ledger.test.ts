import { describe, expect, it } from 'vitest';
import { orderBody, placedOrderId, storedStock, verifiedShopper } from '../testing/orders.ts';
import {
  control,
  paymentTestWorld,
  placePrepaidOrder,
  runJobNow,
  startedPayment,
  storedOrder,
} from '../testing/payments.ts';
import { expectLedgerHolds, movementsOf, ownerActor } from '../testing/stock.ts';
import { PAYMENT_EXPIRY_JOB } from '../payments/reconciliation.ts';

const { shop, simulator, supplyProduct, waitForPayment } = paymentTestWorld();

describe('the stock ledger', () => {
  it('starts every seeded product with an import movement of its stock', async () => {
    await expectLedgerHolds(shop());
  });

  it("keeps each product's stock the sum of its movements through sales, cancellations, expiries, refunds and adjustments", async () => {
    const productId = await supplyProduct({ stock: 20, pricePaise: 49_900 });
    const opening = await movementsOf(shop(), productId);
    expect(opening.every((movement) => movement.kind === 'import')).toBe(true);
    const line = (quantity: number) => [{ _id: productId, quantity }];
    const shopper = () => verifiedShopper(shop());
    const [buyer, canceller, slowPayer, latePayer, refunded] = await Promise.all([
      shopper(),
      shopper(),
      shopper(),
      shopper(),
      shopper(),
    ]);
    const cancel = (orderId: string, bearer: Record<string, string>) =>
      shop().app.inject({ method: 'POST', url: `/api/orders/${orderId}/cancel`, headers: bearer });

    // Two cash-on-delivery sales; the second is cancelled and its stock returns.
    const sold = await placedOrderId(shop(), buyer.bearer, orderBody(line(2)));
    const cancelled = await placedOrderId(shop(), canceller.bearer, orderBody(line(3)));
    expect((await cancel(cancelled, canceller.bearer)).statusCode).toBe(200);

    // A prepaid order left unpaid expires; another expires, then its payment completes, and it is sold again.
    const expired = await placePrepaidOrder(shop(), slowPayer, productId, 1);
    await startedPayment(shop(), slowPayer, expired);
    await runJobNow(shop(), PAYMENT_EXPIRY_JOB, expired);
    const revived = await placePrepaidOrder(shop(), latePayer, productId, 2);
    const late = await startedPayment(shop(), latePayer, revived);
    await runJobNow(shop(), PAYMENT_EXPIRY_JOB, revived);
    await control(simulator(), `payments/${late.merchantOrderId}`, { outcome: 'COMPLETED' });
    expect(await waitForPayment(revived, 'paid')).toBe('paid');

    // A paid prepaid order cancelled and refunded: its stock returns as a cancellation (the refund is money only).
    const paid = await placePrepaidOrder(shop(), refunded, productId, 4);
    const payment = await startedPayment(shop(), refunded, paid);
    await control(simulator(), `payments/${payment.merchantOrderId}`, { outcome: 'COMPLETED' });
    expect(await waitForPayment(paid, 'paid')).toBe('paid');
    expect((await cancel(paid, refunded.bearer)).json().order.paymentStatus).toBe('refund_pending');

    // Two manual adjustments.
    const { stock } = shop().services;
    await stock.adjustStock(ownerActor(), productId, { change: 5, reason: 'Found a carton in the back room' });
    await stock.adjustStock(ownerActor(), productId, { change: -1, reason: 'Damaged in the shop' });

    expect(await movementsOf(shop(), productId)).toEqual([
      ...opening,
      { kind: 'sale', quantity: -2, orderId: sold },
      { kind: 'sale', quantity: -3, orderId: cancelled },
      { kind: 'cancellation', quantity: 3, orderId: cancelled },
      { kind: 'sale', quantity: -1, orderId: expired },
      { kind: 'expiry', quantity: 1, orderId: expired },
      { kind: 'sale', quantity: -2, orderId: revived },
      { kind: 'expiry', quantity: 2, orderId: revived },
      { kind: 'sale', quantity: -2, orderId: revived },
      { kind: 'sale', quantity: -4, orderId: paid },
      { kind: 'cancellation', quantity: 4, orderId: paid },
      { kind: 'adjustment', quantity: 5, orderId: null },
      { kind: 'adjustment', quantity: -1, orderId: null },
    ]);
    expect(await storedStock(shop(), productId)).toBe(20 - 2 - 2 + 5 - 1);
    expect((await storedOrder(shop(), revived)).status).toBe('placed');
    await expectLedgerHolds(shop());
  });

  it('writes nothing to the ledger for an order that cannot be met', async () => {
    const productId = await supplyProduct({ stock: 1 });
    const shopper = await verifiedShopper(shop());
    const before = await movementsOf(shop(), productId);
    const refused = await shop().app.inject({
      method: 'POST',
      url: '/api/orders/create-order',
      headers: shopper.bearer,
      payload: orderBody([{ _id: productId, quantity: 2 }]),
    });
    expect(refused.statusCode).toBe(409);
    expect(await movementsOf(shop(), productId)).toEqual(before);
    await expectLedgerHolds(shop());
  });
});
