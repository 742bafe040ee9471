// The shipping module's public face: delivery across India, the PIN directory (decision 0070), the courier
// (decision 0073), shipments and their tracking (decision 0074). The root mounts the courier's offline stand-in at
// SHIPROCKET_SIMULATOR_PATH on a local shop.
export { shippingModule, type Shipping } from './module.ts';
export { SHIPROCKET_SIMULATOR_PATH, type CourierSetup } from './setup.ts';
export type { Courier } from './courier.ts';
