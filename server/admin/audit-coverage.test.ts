import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { orderBody, orderTestShop, placedOrderId, verifiedShopper } from '../testing/orders.ts';
import { signedInAdmin, type SignedInAdmin } from '../testing/admin-session.ts';
import { uniqueEmail } from '../testing/accounts.ts';
import { orderWithFailedRefund } from '../testing/payments.ts';
import { reviewFormData } from '../../core/contracts/reviews.ts';
import { productImagesFormData } from '../../core/contracts/admin-products.ts';
import { shiprocketRig, WEBHOOK_TOKEN } from '../../simulators/shiprocket/testing/rig.ts';
import { shiprocketSettingsFor } from '../../simulators/shiprocket/standalone.ts';
import { createScratchDatabase } from '../testing/postgres.ts';
import { ownerActor } from '../testing/stock.ts';

// Shipping goes to a standalone Shiprocket simulator through the real adapter.
const rig = shiprocketRig(createScratchDatabase);
const env: Record<string, string> = { CONTACT_MESSAGES_PER_HOUR: '100' };
beforeAll(() => void Object.assign(env, shiprocketSettingsFor(rig.simulator(), WEBHOOK_TOKEN)));
const { shop, supplyProduct } = orderTestShop(env);

/** One request per mutating back-office route, in an order that makes each valid, and the action it records. */
interface Case {
  route: string;
  url: () => string;
  payload?: object | (() => Promise<FormData | object>);
  action: string;
}

const listingFacts = {
  manufacturer: { name: 'Roshni Lighting Works', address: '17 Brass Market, Moradabad, Uttar Pradesh 244001' },
  packer: { name: 'Roshni Lighting Works', address: '17 Brass Market, Moradabad, Uttar Pradesh 244001' },
  importer: null,
  countryOfOrigin: 'India',
  netQuantity: '1 unit',
  dimensions: '30 × 20 × 10 cm',
  consumerCare: { name: 'Customer Care', phone: '+91 80 4567 8900', email: 'care@example.in', address: 'Bengaluru' },
};
const productFields = {
  title: 'Audited Brass Diya',
  category: 'lighting',
  originalPrice: 1000,
  price: 800,
  specs: [{ name: 'Material', value: 'Brass' }],
  description: ['Hand-cast.'],
  whatsInTheBox: ['1 x Diya'],
  listingFacts,
};
const image = async () =>
  productImagesFormData(
    [
      new File(
        [
          new Uint8Array(
            await sharp({ create: { width: 48, height: 32, channels: 3, background: '#aa3311' } })
              .png()
              .toBuffer(),
          ),
        ],
        'diya.png',
        { type: 'image/png' },
      ),
    ],
    ['Lit diya'],
  );

/**
 * Every mutating `/api/admin` route the OpenAPI document lists, but the sign-in steps and an invitation's acceptance
 * (no admin acts yet): their own entries are checked in second-factor.test.ts (`auth.*`, decision 0047) and
 * invitations.test.ts.
 */
async function mutatingRoutes(): Promise<string[]> {
  const document = (await shop().app.inject({ url: '/api/docs/json' })).json<{
    paths: Record<string, Record<string, unknown>>;
  }>();
  return Object.entries(document.paths)
    .filter(
      ([path]) =>
        path.startsWith('/api/admin/') &&
        !path.startsWith('/api/admin/session') &&
        !path.startsWith('/api/admin/invitations/'),
    )
    .flatMap(([path, operations]) =>
      Object.keys(operations)
        .filter((method) => method !== 'get' && method !== 'head')
        .map((method) => `${method.toUpperCase()} ${path}`),
    )
    .sort();
}

describe('the audit log', () => {
  let owner: SignedInAdmin;
  const ids = {
    product: '',
    order: '',
    failedRefund: '',
    review: '',
    ticket: 0,
    invited: '',
    staff: '',
    created: '',
    imageKey: '',
    toShip: '',
    toShipInBulk: '',
  };

  beforeAll(async () => {
    owner = await signedInAdmin(shop());
    ids.staff = (await shop().services.auth.userIdByEmail((await signedInAdmin(shop(), 'staff')).email))!;
    ids.product = await supplyProduct({ stock: 20 });
    const shopper = await verifiedShopper(shop());
    ids.order = await placedOrderId(shop(), shopper.bearer, orderBody([{ _id: ids.product, quantity: 1 }]));
    for (const key of ['toShip', 'toShipInBulk'] as const) {
      ids[key] = await placedOrderId(shop(), shopper.bearer, orderBody([{ _id: ids.product, quantity: 1 }]));
      await shop().services.orderStatus.changeByAdmin(ids[key], 'confirmed', { actor: ownerActor() });
    }
    const photo = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#c05621' } })
      .jpeg()
      .toBuffer();
    const review = await shop().app.inject({
      method: 'POST',
      url: `/api/product/${ids.product}/add-product-reviews`,
      headers: shopper.bearer,
      payload: reviewFormData({
        productId: ids.product,
        userId: shopper.userId,
        reviewData: { fullname: 'Asha Verma', email: shopper.email, rating: 4, title: 'Good', review: 'Solid.' },
        files: [new File([new Uint8Array(photo)], 'photo.jpg', { type: 'image/jpeg' })],
      }),
    });
    expect(review.statusCode, review.body).toBe(201);
    ids.review = review.json<{ review: { _id: string } }>().review._id;
    const contact = await shop().app.inject({
      method: 'POST',
      url: '/api/contact',
      payload: { fullname: 'Asha Verma', email: 'asha@example.in', phone: '9876543210', message: 'Is it in stock?' },
    });
    expect(contact.statusCode, contact.body).toBe(201);
    const inbox = await shop().app.inject({ url: '/api/admin/messages?status=all', headers: owner.headers });
    ids.ticket = inbox.json<{ messages: Array<{ ticketNumber: number }> }>().messages[0]!.ticketNumber;
  });

  const cases: Case[] = [
    {
      route: 'POST /api/admin/admins',
      url: () => '/api/admin/admins',
      payload: { email: uniqueEmail(), fullname: 'Staff Member' },
      action: 'admin.invitation-sent',
    },
    {
      route: 'POST /api/admin/admins/{userId}/invitation',
      url: () => `/api/admin/admins/${ids.invited}/invitation`,
      action: 'admin.invitation-sent',
    },
    {
      route: 'DELETE /api/admin/admins/{userId}/invitation',
      url: () => `/api/admin/admins/${ids.invited}/invitation`,
      action: 'admin.invitation-revoked',
    },
    { route: 'DELETE /api/admin/admins/{userId}', url: () => `/api/admin/admins/${ids.staff}`, action: 'admin.remove' },
    {
      route: 'POST /api/admin/products/{productId}/stock',
      url: () => `/api/admin/products/${ids.product}/stock`,
      payload: { change: 5, reason: 'Found a carton in the back room' },
      action: 'stock.adjust',
    },
    {
      route: 'PUT /api/admin/products/{productId}/low-stock-threshold',
      url: () => `/api/admin/products/${ids.product}/low-stock-threshold`,
      payload: { threshold: 3 },
      action: 'product.low_stock_threshold',
    },
    {
      route: 'POST /api/admin/products',
      url: () => '/api/admin/products',
      payload: { ...productFields, openingStock: 3 },
      action: 'product.create',
    },
    {
      route: 'PUT /api/admin/products/{productId}',
      url: () => `/api/admin/products/${ids.created}`,
      payload: { ...productFields, price: 750 },
      action: 'product.update',
    },
    {
      route: 'POST /api/admin/products/{productId}/images',
      url: () => `/api/admin/products/${ids.created}/images`,
      payload: image,
      action: 'product.images',
    },
    {
      route: 'PUT /api/admin/products/{productId}/images',
      url: () => `/api/admin/products/${ids.created}/images`,
      payload: () => Promise.resolve({ images: [{ key: ids.imageKey, alt: 'A lit brass diya' }] }),
      action: 'product.images',
    },
    {
      route: 'POST /api/admin/products/{productId}/unhide',
      url: () => `/api/admin/products/${ids.created}/unhide`,
      action: 'product.unhide',
    },
    {
      route: 'POST /api/admin/products/{productId}/hide',
      url: () => `/api/admin/products/${ids.created}/hide`,
      action: 'product.hide',
    },
    {
      route: 'POST /api/admin/reviews/{reviewId}/photos/{position}/hide',
      url: () => `/api/admin/reviews/${ids.review}/photos/0/hide`,
      action: 'review_photo.hide',
    },
    {
      route: 'POST /api/admin/reviews/{reviewId}/photos/{position}/unhide',
      url: () => `/api/admin/reviews/${ids.review}/photos/0/unhide`,
      action: 'review_photo.unhide',
    },
    {
      route: 'POST /api/admin/reviews/{reviewId}/hide',
      url: () => `/api/admin/reviews/${ids.review}/hide`,
      payload: { reason: 'Off topic' },
      action: 'review.hide',
    },
    {
      route: 'POST /api/admin/reviews/{reviewId}/unhide',
      url: () => `/api/admin/reviews/${ids.review}/unhide`,
      action: 'review.unhide',
    },
    {
      route: 'POST /api/admin/messages/{ticketNumber}/read',
      url: () => `/api/admin/messages/${ids.ticket}/read`,
      action: 'message.read',
    },
    {
      route: 'POST /api/admin/messages/{ticketNumber}/unread',
      url: () => `/api/admin/messages/${ids.ticket}/unread`,
      action: 'message.unread',
    },
    {
      route: 'POST /api/admin/messages/{ticketNumber}/reply',
      url: () => `/api/admin/messages/${ids.ticket}/reply`,
      payload: { message: 'Yes, it ships tomorrow.' },
      action: 'message.reply',
    },
    {
      route: 'POST /api/admin/orders/{orderId}/status',
      url: () => `/api/admin/orders/${ids.order}/status`,
      payload: { status: 'confirmed' },
      action: 'order.status',
    },
    {
      route: 'POST /api/admin/orders/{orderId}/cancel',
      url: () => `/api/admin/orders/${ids.order}/cancel`,
      payload: { reason: 'The shopper asked by phone' },
      action: 'order.cancel',
    },
    {
      route: 'POST /api/admin/orders/{orderId}/refund',
      url: () => `/api/admin/orders/${ids.failedRefund}/refund`,
      payload: async () => {
        ids.failedRefund = await orderWithFailedRefund(shop(), ids.product);
        return { reason: 'The bank was down; PhonePe asked us to try again' };
      },
      action: 'order.refund',
    },
    {
      route: 'POST /api/admin/orders/{orderId}/shipment',
      url: () => `/api/admin/orders/${ids.toShip}/shipment`,
      payload: { weightKg: 0.8 },
      action: 'order.shipment',
    },
    {
      route: 'POST /api/admin/shipments',
      url: () => '/api/admin/shipments',
      payload: () => Promise.resolve({ orderIds: [ids.toShipInBulk] }),
      action: 'shipment.manifest',
    },
  ];

  it('has a case below for every mutating back-office route', async () => {
    expect(cases.map(({ route }) => route).sort()).toEqual(await mutatingRoutes());
  });

  it('gets an entry, with the acting admin and the IP, from every mutating back-office route', async () => {
    const { audit } = shop().services;
    for (const { route, url, payload, action } of cases) {
      const [newest] = await audit.search({ limit: 1 });
      const body = typeof payload === 'function' ? await payload() : payload;
      const response = await shop().app.inject({
        method: route.split(' ')[0] as 'POST',
        url: url(),
        headers: owner.headers,
        ...(body ? { payload: body } : {}),
      });
      expect(response.statusCode, `${route}: ${response.body}`).toBeLessThan(300);
      if (route === 'POST /api/admin/admins')
        ids.invited = response.json<{ invitation: { userId: string } }>().invitation.userId;
      if (action === 'product.create') ids.created = response.json<{ product: { _id: string } }>().product._id;
      if (route === 'POST /api/admin/products/{productId}/images') {
        ids.imageKey = response.json<{ product: { images: Array<{ key: string }> } }>().product.images[0]!.key;
      }
      const written = await audit.search({ limit: 10 });
      const fresh = written.filter((entry) => entry.id > (newest?.id ?? 0));
      expect(
        fresh.map((entry) => entry.action),
        route,
      ).toContain(action);
      const entry = fresh.find((candidate) => candidate.action === action)!;
      expect(entry).toMatchObject({ adminEmail: owner.email, ip: '127.0.0.1' });
      expect(entry.before !== null || entry.after !== null, `${route} keeps before or after`).toBe(true);
    }
  });
});
