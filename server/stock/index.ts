// The stock module's public face (decision 0062): levels, the ledger, reservations and the low-stock and
// back-in-stock events. What other modules see of it is the platform's stock face (server/platform/stock/face.ts);
// the demo seed opens its products' stock with importStock.
export { stockModule, type StockModule } from './module.ts';
export { importStock } from './ledger.ts';
