// The cart module's public face (decision 0024): a shopper's cart kept on the server. What others see of it is the
// platform's cart face (server/platform/cart/face.ts, decision 0061).
export { cartModule, type Carts } from './module.ts';
