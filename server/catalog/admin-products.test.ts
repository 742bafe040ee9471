import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { orderBody, placedOrderId, userOrders, verifiedShopper, type Shopper } from '../testing/orders.ts';
import { testShopFor } from '../testing/harness.ts';
import { signedInAdmin, type SignedInAdmin } from '../testing/admin-session.ts';
import { loader as sitemapLoader } from '../../app/routes/sitemap.ts';
import {
  PRODUCT_MESSAGES,
  productImagesFormData,
  type AdminProduct,
  type AdminProductSummary,
} from '../../core/contracts/admin-products.ts';
import type { ListingFacts } from '../../core/contracts/listing-facts.ts';
import { LISTING_FACTS_MESSAGES } from '../../core/contracts/listing-facts-input.ts';
import type { Product } from '../../core/product.ts';
import type { Wishlist } from '../../core/contracts/wishlist.ts';

const shop = testShopFor();
let owner: SignedInAdmin;
let shopper: Shopper;
beforeAll(async () => {
  owner = await signedInAdmin(shop());
  shopper = await verifiedShopper(shop());
});

type Method = 'GET' | 'POST' | 'PUT';
const asAdmin = (method: Method, url: string, payload?: object) =>
  shop().app.inject({ method, url, payload, headers: owner.headers });

const facts: ListingFacts = {
  manufacturer: { name: 'Roshni Lighting Works', address: '17 Brass Market, Moradabad, Uttar Pradesh 244001' },
  packer: { name: 'Ghar Sajao Retail Pvt. Ltd.', address: 'Unit 4, Bhiwandi, Thane, Maharashtra 421302' },
  importer: null,
  countryOfOrigin: 'India',
  netQuantity: '1 unit',
  dimensions: '30 × 20 × 10 cm',
  consumerCare: {
    name: 'Customer Care',
    phone: '+91 80 4567 8900',
    email: 'care@example.in',
    address: '14 Residency Road, Bengaluru 560025',
  },
};

let titles = 0;
const newProduct = (changes: Record<string, unknown> = {}) => ({
  title: `Brass Diya Lamp ${++titles}`,
  category: 'lighting',
  originalPrice: 1000,
  price: 800,
  specs: [{ name: 'Material', value: 'Brass' }],
  description: ['Hand-cast in Moradabad.'],
  whatsInTheBox: ['1 x Diya'],
  listingFacts: facts,
  openingStock: 5,
  ...changes,
});
const editable = ({ openingStock: _stock, ...fields }: ReturnType<typeof newProduct>) => fields;

async function create(changes?: Record<string, unknown>): Promise<AdminProduct> {
  const response = await asAdmin('POST', '/api/admin/products', newProduct(changes));
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ product: AdminProduct }>().product;
}

const png = (background: string) =>
  sharp({ create: { width: 48, height: 32, channels: 3, background } })
    .png()
    .toBuffer();
const file = (bytes: Buffer, name = 'image.png', type = 'image/png') =>
  new File([new Uint8Array(bytes)], name, { type });

async function upload(productId: string, files: File[], alts: string[] = []) {
  return shop().app.inject({
    method: 'POST',
    url: `/api/admin/products/${productId}/images`,
    headers: owner.headers,
    payload: productImagesFormData(files, alts),
  });
}

/** A product made, given two images and shown, as a shop owner would. */
async function shownProduct(): Promise<AdminProduct> {
  const created = await create();
  const uploaded = await upload(
    created._id,
    [file(await png('#aa3311')), file(await png('#1133aa'))],
    ['Lit diya, front', 'Lit diya, side'],
  );
  expect(uploaded.statusCode, uploaded.body).toBe(200);
  const shown = await asAdmin('POST', `/api/admin/products/${created._id}/unhide`);
  expect(shown.statusCode, shown.body).toBe(200);
  return shown.json<{ product: AdminProduct }>().product;
}

const allProducts = async () =>
  (await shop().app.inject({ method: 'GET', url: '/api/product/all-products' })).json<{ products: Product[] }>()
    .products;
const sitemap = async () =>
  (await sitemapLoader({ context: { catalog: shop().services.catalog, origin: 'https://shop.test' } } as never)).text();
const auditOf = (productId: string, action: string) =>
  shop().services.audit.search({ targetId: productId, action, limit: 10 });

describe('the back office products', () => {
  it('refuse a visitor and a shopper with 403 on every route, and change nothing', async () => {
    const product = await create();
    const id = product._id;
    const routes: Array<[Method, string, object?]> = [
      ['GET', '/api/admin/products'],
      ['GET', '/api/admin/categories'],
      ['GET', `/api/admin/products/${id}`],
      ['POST', '/api/admin/products', newProduct()],
      ['PUT', `/api/admin/products/${id}`, editable(newProduct({ title: 'Taken over' }))],
      ['PUT', `/api/admin/products/${id}/images`, { images: [] }],
      ['POST', `/api/admin/products/${id}/images`, {}],
      ['POST', `/api/admin/products/${id}/hide`],
      ['POST', `/api/admin/products/${id}/unhide`],
    ];
    for (const [method, url, payload] of routes) {
      for (const headers of [{}, shopper.bearer]) {
        const response = await shop().app.inject({ method, url, payload, headers });
        expect(response.statusCode, `${method} ${url}`).toBe(403);
      }
    }
    const after = (await asAdmin('GET', `/api/admin/products/${id}`)).json<{ product: AdminProduct }>().product;
    expect(after).toEqual(product);
  });

  it('creates a product hidden, with its slug, discount, listing facts and opening stock in the ledger', async () => {
    const product = await create({ title: 'Brass Diya & Stand', discount: 90 });
    expect(product).toMatchObject({
      slug: 'brass-diya-and-stand',
      category: 'lighting',
      originalPrice: 1000,
      price: 800,
      discount: 20,
      countInStock: 5,
      hidden: true,
      specs: [{ name: 'Material', value: 'Brass' }],
      listingFacts: facts,
      images: [],
    });
    expect((await create({ title: 'Brass Diya & Stand' })).slug).toBe('brass-diya-and-stand-2');
    const movements = await asAdmin('GET', `/api/admin/products/${product._id}/stock-movements`);
    expect(movements.json().movements).toMatchObject([{ kind: 'import', quantity: 5 }]);
    const [entry] = await auditOf(product._id, 'product.create');
    expect(entry).toMatchObject({ adminEmail: owner.email, before: null });
    expect(entry!.after).toMatchObject({ title: 'Brass Diya & Stand', pricePaise: 80_000, countInStock: 5 });
    expect((await allProducts()).some(({ _id }) => _id === product._id)).toBe(false);
  });

  it('with two images and shown, it is in all products and its page data shows the listing facts', async () => {
    const product = await shownProduct();
    expect(product.images.map(({ alt }) => alt)).toEqual(['Lit diya, front', 'Lit diya, side']);
    const listed = (await allProducts()).find(({ _id }) => _id === product._id);
    expect(listed).toMatchObject({ slug: product.slug, price: 800, discount: 20, listingFacts: facts });
    expect(listed!.image).toHaveLength(2);
    expect(listed!.imageAlt).toEqual(['Lit diya, front', 'Lit diya, side']);
    const page = await shop().services.catalog.getProductBySlug(product.slug);
    expect(page?.listingFacts).toEqual(facts);
    expect(await sitemap()).toContain(`/product/${product.slug}</loc>`);
    const [entry] = await auditOf(product._id, 'product.unhide');
    expect([entry!.before, entry!.after]).toEqual([{ hidden: true }, { hidden: false }]);
    const [images] = await auditOf(product._id, 'product.images');
    expect((images!.after as { images: string[] }).images).toHaveLength(2);
  });

  it('stores uploads re-encoded as WebP without metadata, and refuses what is not an image', async () => {
    const product = await create();
    const withExif = await sharp(await png('#336699'))
      .withExif({ IFD0: { Copyright: 'Secret Camera Owner' } })
      .jpeg()
      .toBuffer();
    const uploaded = await upload(product._id, [file(withExif, 'photo.jpg', 'image/jpeg')]);
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const [image] = uploaded.json<{ product: AdminProduct }>().product.images;
    const stored = await shop().services.storage.get(`originals/${image!.key}`);
    const meta = await sharp(stored!).metadata();
    expect([meta.format, meta.exif]).toEqual(['webp', undefined]);

    const text = file(Buffer.from('not an image at all'), 'fake.png', 'image/png');
    const refused = await upload(product._id, [text]);
    expect([refused.statusCode, refused.json()]).toEqual([400, { message: PRODUCT_MESSAGES.notImage }]);
    const longAlt = await upload(product._id, [file(await png('#aa3311'))], ['x'.repeat(201)]);
    expect([longAlt.statusCode, longAlt.json()]).toEqual([
      400,
      { message: 'Alt text: Must be at most 200 characters' },
    ]);
    const none = await upload(product._id, []);
    expect([none.statusCode, none.json()]).toEqual([400, { message: PRODUCT_MESSAGES.noFiles }]);
  });

  it('an edit changes the price; the discount is the server’s, and the audit keeps only what changed', async () => {
    const product = await shownProduct();
    const edited = await asAdmin('PUT', `/api/admin/products/${product._id}`, {
      ...editable(newProduct({ title: product.title, price: 499.5, discount: 99 })),
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().product).toMatchObject({ price: 499.5, discount: 50, slug: product.slug });
    expect(await shop().services.catalog.getProduct(product._id)).toMatchObject({ price: 499.5, discount: 50 });
    const [entry] = await auditOf(product._id, 'product.update');
    expect([entry!.before, entry!.after]).toEqual([{ pricePaise: 80_000 }, { pricePaise: 49_950 }]);
  });

  it('reorders images and changes alt text; a visible product keeps one image', async () => {
    const product = await shownProduct();
    const [front, side] = product.images;
    const url = `/api/admin/products/${product._id}/images`;
    const arranged = await asAdmin('PUT', url, { images: [{ key: side!.key, alt: 'Side view' }, { key: front!.key }] });
    expect(arranged.statusCode, arranged.body).toBe(200);
    expect(arranged.json<{ product: AdminProduct }>().product.images).toMatchObject([
      { key: side!.key, alt: 'Side view' },
      { key: front!.key, alt: '' },
    ]);
    expect((await shop().services.catalog.getProduct(product._id))!.imageAlt).toEqual(['Side view', '']);
    const refused: Array<[object, string]> = [
      [{ images: [] }, PRODUCT_MESSAGES.imageRequired],
      [{ images: [{ key: 'f'.repeat(24) }] }, PRODUCT_MESSAGES.unknownImage],
      [{ images: [{ key: side!.key }, { key: side!.key }] }, PRODUCT_MESSAGES.duplicateImage],
    ];
    for (const [payload, message] of refused) {
      const response = await asAdmin('PUT', url, payload);
      expect([response.statusCode, response.json()], JSON.stringify(payload)).toEqual([400, { message }]);
    }
    const removed = await asAdmin('PUT', url, { images: [{ key: front!.key }] });
    expect(removed.json<{ product: AdminProduct }>().product.images.map(({ key }) => key)).toEqual([front!.key]);
  });

  it('hides a product from the shop, its page and the sitemap; old orders and wishlists keep it; unhide restores', async () => {
    const product = await shownProduct();
    const orderId = await placedOrderId(shop(), shopper.bearer, orderBody([{ _id: product._id, quantity: 1 }]));
    const wished = await shop().app.inject({
      method: 'PUT',
      url: `/api/wishlist/items/${product._id}`,
      headers: shopper.bearer,
    });
    expect(wished.statusCode, wished.body).toBe(200);

    const hidden = await asAdmin('POST', `/api/admin/products/${product._id}/hide`);
    expect(hidden.json().product.hidden).toBe(true);
    expect((await allProducts()).some(({ _id }) => _id === product._id)).toBe(false);
    const page = await shop().app.inject({ method: 'GET', url: `/api/product/${product._id}` });
    expect(page.statusCode).toBe(404);
    expect(await shop().services.catalog.getProductBySlug(product.slug)).toBeUndefined();
    expect(await sitemap()).not.toContain(product.slug);
    const order = (await userOrders(shop(), shopper.bearer)).find((each) => each.orderId === orderId);
    expect(order?.orderItems.map((item) => item.title)).toEqual([product.title]);
    const wishlist = await shop().app.inject({ method: 'GET', url: '/api/wishlist', headers: shopper.bearer });
    expect(wishlist.json<Wishlist>().items.find(({ _id }) => _id === product._id)).toMatchObject({
      title: product.title,
      unavailable: true,
    });
    const bought = await shop().app.inject({
      method: 'POST',
      url: '/api/orders/create-order',
      headers: shopper.bearer,
      payload: orderBody([{ _id: product._id, quantity: 1 }]),
    });
    expect(bought.statusCode).toBe(400);
    const [entry] = await auditOf(product._id, 'product.hide');
    expect([entry!.before, entry!.after]).toEqual([{ hidden: false }, { hidden: true }]);

    await asAdmin('POST', `/api/admin/products/${product._id}/unhide`);
    expect((await allProducts()).some(({ _id }) => _id === product._id)).toBe(true);
    expect(await sitemap()).toContain(product.slug);
    const again = await shop().app.inject({ method: 'GET', url: '/api/wishlist', headers: shopper.bearer });
    expect(again.json<Wishlist>().items.find(({ _id }) => _id === product._id)?.unavailable).toBe(false);
  });

  it('answers 400 with a clear message for bad input, and 404 for no such product', async () => {
    const refused: Array<[object, string]> = [
      [newProduct({ price: 1200 }), PRODUCT_MESSAGES.priceAboveMrp],
      [newProduct({ title: undefined }), 'Title is required'],
      [newProduct({ title: '   ' }), 'Title is required'],
      [newProduct({ title: 'x'.repeat(151) }), 'Must be at most 150 characters'],
      [newProduct({ category: 'no-such-category' }), PRODUCT_MESSAGES.unknownCategory],
      [newProduct({ specs: [{ name: 'Size: big', value: 'Yes' }] }), PRODUCT_MESSAGES.specName],
      [
        newProduct({ listingFacts: { ...facts, countryOfOrigin: 'China', importer: null } }),
        LISTING_FACTS_MESSAGES.importerRequired,
      ],
      [
        newProduct({ listingFacts: { ...facts, consumerCare: { ...facts.consumerCare, phone: 'call us' } } }),
        LISTING_FACTS_MESSAGES.phone,
      ],
      [newProduct({ listingFacts: undefined }), 'Listing facts are required'],
    ];
    for (const [payload, message] of refused) {
      const response = await asAdmin('POST', '/api/admin/products', payload);
      expect([response.statusCode, response.json()], JSON.stringify(payload).slice(0, 120)).toEqual([400, { message }]);
    }
    const priceMessage = (await asAdmin('POST', '/api/admin/products', newProduct({ price: 1.234 }))).json().message;
    expect(priceMessage).toMatch(/^Selling price must be an amount in rupees/);
    const missing = crypto.randomUUID();
    for (const [method, url, payload] of [
      ['GET', `/api/admin/products/${missing}`],
      ['PUT', `/api/admin/products/${missing}`, editable(newProduct())],
      ['POST', `/api/admin/products/${missing}/hide`],
    ] as Array<[Method, string, object?]>) {
      const response = await asAdmin(method, url, payload);
      expect([response.statusCode, response.json()]).toEqual([404, { message: PRODUCT_MESSAGES.productNotFound }]);
    }
    const unshowable = await create();
    const refusedUnhide = await asAdmin('POST', `/api/admin/products/${unshowable._id}/unhide`);
    expect([refusedUnhide.statusCode, refusedUnhide.json()]).toEqual([
      400,
      { message: PRODUCT_MESSAGES.imageRequired },
    ]);
  });

  it('lists products newest first, searched and filtered, page by page', async () => {
    const product = await create({ title: 'Peacock Feather Lantern', openingStock: 0 });
    const list = async (query: string) => {
      const response = await asAdmin('GET', `/api/admin/products?${query}`);
      expect(response.statusCode, response.body).toBe(200);
      return response.json<{ products: AdminProductSummary[]; next: string | null }>();
    };
    const ids = async (query: string) => (await list(query)).products.map(({ _id }) => _id);
    expect(await ids('q=peacock%20feather')).toEqual([product._id]);
    expect(await ids(`q=${product._id}`)).toEqual([product._id]);
    expect(await ids(`q=${product.slug}`)).toEqual([product._id]);
    expect(await ids('q=100%25')).toEqual([]);
    expect(await ids('q=peacock%20feather&stock=out&hidden=true&category=lighting')).toEqual([product._id]);
    expect(await ids('q=peacock%20feather&stock=in')).toEqual([]);
    expect(await ids('q=peacock%20feather&hidden=false')).toEqual([]);
    expect(await ids('q=peacock%20feather&category=wall-art')).toEqual([]);
    expect(await ids('q=peacock%20feather&stock=low')).toEqual([product._id]);

    const first = await list('limit=2');
    expect(first.products[0]!._id).toBe(product._id);
    const second = await list(`limit=2&before=${first.next}`);
    expect(second.products.map(({ _id }) => _id)).not.toContain(product._id);
    expect(new Date(second.products[0]!.createdAt) <= new Date(first.products[1]!.createdAt)).toBe(true);

    for (const query of ['stock=some', 'hidden=maybe', 'before=nope', 'limit=0']) {
      expect((await asAdmin('GET', `/api/admin/products?${query}`)).statusCode, query).toBe(400);
    }
    const categories = (await asAdmin('GET', '/api/admin/categories')).json().categories;
    expect(categories).toContainEqual({ slug: 'lighting', name: 'Lighting' });
  });
});

describe("a product's parcel", () => {
  it('starts at 0.5 kg, 20 × 15 × 10 cm, and round-trips an edit to the gram and millimetre', async () => {
    const created = await create();
    expect(created).toMatchObject({ weightKg: 0.5, lengthCm: 20, breadthCm: 15, heightCm: 10 });
    const parcel = { weightKg: 1.235, lengthCm: 32.5, breadthCm: 12, heightCm: 8.5 };
    const edited = await asAdmin('PUT', `/api/admin/products/${created._id}`, { ...editable(newProduct()), ...parcel });
    expect(edited.statusCode, edited.body).toBe(200);
    const read = await asAdmin('GET', `/api/admin/products/${created._id}`);
    expect(read.json().product).toMatchObject(parcel);
    // An edit that leaves them out keeps them.
    const again = await asAdmin('PUT', `/api/admin/products/${created._id}`, editable(newProduct()));
    expect(again.json().product, again.body).toMatchObject(parcel);
    const parcels = await shop().services.catalog.unitParcels([created._id]);
    expect(parcels.get(created._id)).toEqual(parcel);
  });

  it('is created as given, and refused with a message naming the side', async () => {
    const created = await create({ weightKg: 2, lengthCm: 40, breadthCm: 30, heightCm: 25 });
    expect(created).toMatchObject({ weightKg: 2, lengthCm: 40, breadthCm: 30, heightCm: 25 });
    const refused = await asAdmin('POST', '/api/admin/products', newProduct({ heightCm: 0 }));
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toContain('Height must be in cm');
    const tooFine = await asAdmin('POST', '/api/admin/products', newProduct({ weightKg: 0.0004 }));
    expect(tooFine.statusCode).toBe(400);
    expect(tooFine.json().message).toContain('Weight must be in kg');
  });

  it('is the default for every demo product', async () => {
    const { products } = (await asAdmin('GET', '/api/admin/products?limit=5')).json<{ products: AdminProduct[] }>();
    const demo = await asAdmin('GET', `/api/admin/products/${products.at(-1)!._id}`);
    expect(demo.json().product).toMatchObject({ weightKg: 0.5, lengthCm: 20, breadthCm: 15, heightCm: 10 });
  });
});
