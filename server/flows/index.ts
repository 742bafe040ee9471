// The flows that cross modules (decision 0061), each declared like a module: what it needs, its settings, its
// routes. The root puts this list after the modules; a new flow is one line here.
import { placeOrderFlow } from './place-order-flow.ts';
import { orderStatusFlow } from './order-status-flow.ts';
import { paymentFlows } from './payment-flows.ts';
import { trackingFlow } from './tracking-flow.ts';

export const SHOP_FLOWS = [placeOrderFlow, orderStatusFlow, paymentFlows, trackingFlow] as const;
