// The shipping module's public face: delivery across India, starting with the PIN directory (decision 0070).
export { shippingModule, type Shipping } from './module.ts';
