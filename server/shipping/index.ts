// The shipping module's public face: delivery across India, the PIN directory (decision 0070), shipments and their
// tracking (decision 0074).
export { shippingModule, type Shipping } from './module.ts';
// The x-api-key a local shop's tracking webhook takes when SHIPROCKET_WEBHOOK_TOKEN is unset: the simulator's.
export { SIMULATOR_SHIPROCKET_WEBHOOK_TOKEN } from './tracking-settings.ts';
