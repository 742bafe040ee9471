import { describe, expect, it } from 'vitest';
import { MAX_WISHLIST_ITEMS } from './constants.ts';
import { wishlistReducer, type WishedProduct, type WishlistAction } from './wishlist.ts';

const lamp = { _id: 'lamp', title: 'Lamp', slug: 'lamp', price: 250, image: ['/a.webp'], countInStock: 3, rating: 4 };
const vaseCard = { _id: 'vase', title: 'Vase', slug: 'vase', price: 389.7, image: '/b.webp', discount: 10 };
const run = (...actions: WishlistAction[]) =>
  actions.reduce<WishedProduct[]>((list, action) => wishlistReducer(list, action), []);

describe('wishlist reducer (spec section 4)', () => {
  it('adds a product, keeping only what the wishlist shows; a grid card’s one image becomes a list', () => {
    expect(run({ type: 'add', product: lamp }, { type: 'add', product: vaseCard })).toEqual([
      { _id: 'lamp', title: 'Lamp', slug: 'lamp', price: 250, image: ['/a.webp'], countInStock: 3 },
      { _id: 'vase', title: 'Vase', slug: 'vase', price: 389.7, image: ['/b.webp'], countInStock: undefined },
    ]);
  });

  it('ignores a product already there, wherever it is', () => {
    const list = run({ type: 'add', product: lamp }, { type: 'add', product: vaseCard });
    expect(wishlistReducer(list, { type: 'add', product: { ...lamp, price: 1 } })).toEqual(list);
  });

  it('removes by _id; removing what is not there changes nothing', () => {
    const list = run(
      { type: 'add', product: lamp },
      { type: 'add', product: vaseCard },
      { type: 'remove', id: 'lamp' },
    );
    expect(list.map((product) => product._id)).toEqual(['vase']);
    expect(wishlistReducer(list, { type: 'remove', id: 'lamp' })).toEqual(list);
  });

  it('replaces the whole list, keeping the first of an _id given twice', () => {
    const list = run(
      { type: 'add', product: lamp },
      { type: 'replace', items: [vaseCard, { ...lamp, price: 1 }, lamp] },
    );
    expect(list.map((product) => [product._id, product.price])).toEqual([
      ['vase', 389.7],
      ['lamp', 1],
    ]);
    expect(wishlistReducer(list, { type: 'replace', items: [] })).toEqual([]);
  });

  it(`stops at ${MAX_WISHLIST_ITEMS} products, the server's limit`, () => {
    const full = Array.from({ length: MAX_WISHLIST_ITEMS }, (_, index) => ({ ...lamp, _id: `p${index}` }));
    const list = run({ type: 'replace', items: full });
    expect(wishlistReducer(list, { type: 'add', product: vaseCard })).toHaveLength(MAX_WISHLIST_ITEMS);
  });
});
