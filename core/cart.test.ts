import { describe, expect, it } from 'vitest';
import { cartQuantity, cartReducer, emptyCart, type CartAction, type CartState } from './cart.ts';

const rule = { freeShippingAboveRupees: 500, shippingFeeRupees: 60 };
const lamp = { _id: 'lamp', title: 'Lamp', price: 250, image: ['/a.webp'], countInStock: 3, rating: 4, numReviews: 2 };
const vase = { _id: 'vase', title: 'Vase', price: 389.7, image: ['/b.webp'], countInStock: 10 };
const run = (...actions: CartAction[]) =>
  actions.reduce<CartState>((state, action) => cartReducer(state, action, rule), emptyCart());

describe('cart reducer (spec section 4)', () => {
  it('adds a new item with the given quantity or 1, dropping fields the cart does not keep', () => {
    const state = run({ type: 'add', item: lamp }, { type: 'add', item: vase, quantity: 2 });
    expect(state.cartItems).toEqual([
      { _id: 'lamp', title: 'Lamp', slug: undefined, price: 250, image: ['/a.webp'], countInStock: 3, quantity: 1 },
      { _id: 'vase', title: 'Vase', slug: undefined, price: 389.7, image: ['/b.webp'], countInStock: 10, quantity: 2 },
    ]);
    expect(state).toMatchObject({ itemsPrice: 1029.4, shippingPrice: 0, totalPrice: 1029.4 });
  });

  it('raises an existing item by the amount, never past stock', () => {
    expect(run({ type: 'add', item: lamp }, { type: 'add', item: lamp, quantity: 1 }).cartItems[0]!.quantity).toBe(2);
    expect(
      run({ type: 'add', item: lamp, quantity: 2 }, { type: 'add', item: lamp, quantity: 5 }).cartItems[0]!.quantity,
    ).toBe(3);
  });

  it('increments only below stock; decrement at 1 removes the item', () => {
    const full = run({ type: 'add', item: lamp, quantity: 3 }, { type: 'increment', id: 'lamp' });
    expect(full.cartItems[0]!.quantity).toBe(3);
    const one = run({ type: 'add', item: lamp }, { type: 'decrement', id: 'lamp' });
    expect(one.cartItems).toEqual([]);
    expect(one).toMatchObject({ itemsPrice: 0, shippingPrice: 0, totalPrice: 0 });
  });

  it('recomputes prices on every change but saving the address', () => {
    const state = run({ type: 'add', item: lamp });
    expect(state).toMatchObject({ itemsPrice: 250, shippingPrice: 60, totalPrice: 310 });
    const withAddress = cartReducer(state, { type: 'saveShippingAddress', address: { city: 'Pune' } }, rule);
    expect(withAddress.shippingAddress).toEqual({ city: 'Pune' });
    expect(withAddress).toMatchObject({ itemsPrice: 250, totalPrice: 310 });
    expect(cartReducer(state, { type: 'remove', id: 'lamp' }, rule)).toMatchObject({ cartItems: [], totalPrice: 0 });
  });

  it('saves the payment method and clears back to prepaid', () => {
    const state = run({ type: 'add', item: vase }, { type: 'savePaymentMethod', method: 'cod' });
    expect(state.paymentMethod).toBe('cod');
    expect(cartReducer(state, { type: 'clear' }, rule)).toEqual(emptyCart());
    expect(emptyCart().paymentMethod).toBe('prepaid');
  });

  it('replaces the items with the synced ones, keeping the address and payment method', () => {
    const state = run(
      { type: 'add', item: lamp },
      { type: 'saveShippingAddress', address: { city: 'Pune' } },
      { type: 'savePaymentMethod', method: 'cod' },
    );
    const synced = [
      { ...vase, quantity: 2 },
      { ...lamp, price: 200, quantity: 9 },
      { ...lamp, _id: 'gone', quantity: 0 },
    ];
    const next = cartReducer(state, { type: 'replaceItems', items: synced }, rule);
    expect(next.cartItems.map(({ _id, price, quantity }) => [_id, price, quantity])).toEqual([
      ['vase', 389.7, 2],
      ['lamp', 200, 3],
    ]);
    expect(next).toMatchObject({ shippingAddress: { city: 'Pune' }, paymentMethod: 'cod', itemsPrice: 1379.4 });
    expect(cartReducer(next, { type: 'replaceItems', items: [] }, rule)).toMatchObject({
      cartItems: [],
      totalPrice: 0,
      paymentMethod: 'cod',
    });
  });

  it('counts the total quantity for the header badge', () => {
    expect(cartQuantity(run({ type: 'add', item: lamp, quantity: 2 }, { type: 'add', item: vase, quantity: 4 }))).toBe(
      6,
    );
  });
});
