// The orders module's public face (decision 0024): listing and tracking orders, the payment state payments moves,
// its part in placing an order and in moving one along its lifecycle (the flows'). What others see of it is the
// platform's orders face (server/platform/orders/face.ts, decision 0061).
export { ordersModule, type Orders } from './module.ts';
export type { OrderRecord } from './present.ts';
