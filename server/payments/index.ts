// The payments module's public face (decision 0024): prepaid payments through the gateway, webhooks and refunds.
// The root mounts the gateway's offline stand-in at SIMULATOR_PATH on a local shop.
export { paymentsModule, type Payments } from './module.ts';
export { SIMULATOR_PATH, type PaymentSetup } from './setup.ts';
export type { PaymentGateway } from './gateway.ts';
