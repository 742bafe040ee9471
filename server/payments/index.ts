// The payments module's public face (decision 0024): prepaid payments through the gateway, webhooks and refunds.
export { paymentRoutes, type PaymentLimits } from './routes.ts';
export { PaymentService } from './service.ts';
export { PaymentTransitions } from './transitions.ts';
export { Reconciler } from './reconciliation.ts';
export { WebhookInbox } from './webhook.ts';
export { GatewayError, type PaymentGateway } from './gateway.ts';
export { SIMULATOR_PATH, paymentSetup, type PaymentSetup } from './setup.ts';
export { paymentsModule, paymentsFace, type Payments } from './module.ts';
