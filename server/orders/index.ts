// The orders module's public face (decision 0024): placing, listing, cancelling and tracking orders, and the
// payment state other modules may read and move.
export { orderRoutes } from './routes.ts';
export { adminOrderRoutes, type AdminOrderRouteOptions } from './admin-routes.ts';
export { OrderService, type DeliveredOrder } from './service.ts';
export type { OrdersAtAGlance } from './dashboard.ts';
export { PlaceOrder, type PlacingOrder, type PaymentMethodSteps, type PrepaidPayments } from './place-order.ts';
export { AWAITING_PAYMENT, OrderPaymentState, type PaymentOrder } from './payment-state.ts';
export type { Actor, AdminChange, ChangingStatus } from './lifecycle.ts';
export type { OrderRecord } from './present.ts';
export {
  ordersModule,
  ordersFace,
  placeOrderPrepaid,
  placeOrderSteps,
  cancelOrderRefund,
  orderPaymentHistory,
  type Orders,
} from './module.ts';
