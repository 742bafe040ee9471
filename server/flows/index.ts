// The flows that cross modules (decision 0061), each declared like a module: what it needs, its settings, its
// routes. The root lists them after the modules.
export { placeOrderFlow } from './place-order-flow.ts';
export { orderStatusFlow } from './order-status-flow.ts';
export { paymentFlows } from './payment-flows.ts';
export { trackingFlow } from './tracking-flow.ts';
