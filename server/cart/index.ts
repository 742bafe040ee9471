// The cart module's public face (decision 0024): a shopper's cart kept on the server.
export { cartRoutes } from './routes.ts';
export { CartService } from './service.ts';
export { cartModule, cartFace, type Carts } from './module.ts';
