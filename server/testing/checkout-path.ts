/**
 * Prints, as JSON, the project files whose code runs on the server while a shopper places a cash-on-delivery order
 * (POST /api/orders/create-order), from the request's hooks to the SQL and the answer: the list the README's
 * "From the Checkout button to the SQL" gives. Run with tsx (not under vitest, whose module transform adds calls of
 * its own). Requests are logged, as in production.
 */
import { Writable } from 'node:stream';
import { startTestShop } from './harness.ts';
import { orderBody, placedOrderId, productSupply, verifiedShopper } from './orders.ts';
import { filesRunBy } from './code-path.ts';

const discard = new Writable({ write: (_chunk, _encoding, done) => done() });
const shop = await startTestShop({ LOG_LEVEL: 'info' }, { logDestination: discard });
try {
  const shopper = await verifiedShopper(shop);
  const body = orderBody([{ _id: await productSupply(shop)({ stock: 100 }), quantity: 1 }]);
  await placedOrderId(shop, shopper.bearer, body); // the first order loads what later ones find loaded
  const files = await filesRunBy(() => placedOrderId(shop, shopper.bearer, body));
  // The PhonePe stand-in's refund sweep ticks on a timer of its own and may land inside the order: no part of it.
  const ours = files.filter((file) => !file.startsWith('server/testing/') && !file.startsWith('simulators/'));
  process.stdout.write(`${JSON.stringify(ours)}\n`);
} finally {
  await shop.close();
}
