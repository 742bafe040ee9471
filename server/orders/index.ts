// The orders module's public face (decision 0024): listing, cancelling and tracking orders, the payment state
// payments moves and its part in placing an order. What others see of it is the platform's orders face
// (server/platform/orders/face.ts, decision 0061).
export { ordersModule, type Orders } from './module.ts';
export type { OrderRecord } from './present.ts';
