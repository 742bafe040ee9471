// What every module and flow sees of the cart module (decision 0061): a shopper's cart is emptied once ordered.
import type { Db } from '../db/client.ts';
import { face } from '../kernel/face.ts';

export interface ShopperCarts {
  /** Empties the shopper's cart, in `db`'s transaction when given (an order placed or paid). */
  clear(userId: string, db?: Db): Promise<void>;
}

export interface CartFace {
  carts: ShopperCarts;
}

export const cartFace = face<CartFace>('cart');
