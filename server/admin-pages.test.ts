// The back office's pages (issue 22): every /admin page but the sign-in and the invitation link is served by the one `admin/*` route, whose
// loader answers 404 to anyone but an admin past the second factor, with the viewer the real server hands loaders.
import { isRouteErrorResponse, type AppLoadContext } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import routes from '../app/routes.ts';
import * as adminLayout from '../app/routes/admin.tsx';
import * as adminSignIn from '../app/routes/admin-sign-in.tsx';
import { adminPageAt } from '../app/admin/pages.tsx';
import { pageAdmin } from './app.ts';
import { testShopFor } from './testing/harness.ts';
import { ADMIN_TEST_PASSWORD, sessionCookie, signedInAdmin } from './testing/admin-session.ts';
import { oldStaffBearer, verifiedShopper } from './testing/orders.ts';
import { cookieHeader, refreshCookieOf, uniqueEmail } from './testing/accounts.ts';

const shop = testShopFor({ SEED_DEMO: 'false' });
let context: AppLoadContext;
beforeAll(() => {
  context = { shop: shop().services.shop, admin: pageAdmin(shop().services.admin) } as AppLoadContext;
});

const pageRequest = (headers: Record<string, string> = {}) =>
  new Request('http://localhost/admin/reviews', { headers });
const loadLayout = (request: Request, page = 'reviews') =>
  adminLayout.loader({ request, context, params: { '*': page } } as Parameters<typeof adminLayout.loader>[0]);

/** What the layout's loader throws, as React Router answers it. */
async function statusOf(request: Request): Promise<number> {
  try {
    await loadLayout(request);
    return 200;
  } catch (thrown) {
    const { data, init } = thrown as { data: unknown; init?: { status?: number } };
    if (isRouteErrorResponse(thrown)) return thrown.status;
    expect(data).toBe('Not found');
    return init?.status ?? 500;
  }
}

describe('the /admin pages', () => {
  it('are all served by the one route that checks the admin, but the sign-in and an invitation link', () => {
    const adminPaths = routes.filter((entry) => entry.path?.startsWith('admin'));
    // The invitation's page is for someone signed in to nothing yet (decision 0048).
    expect(adminPaths.map((entry) => entry.path).sort()).toEqual([
      'admin/*',
      'admin/invitation/:token',
      'admin/sign-in',
    ]);
    expect(adminPaths.find((entry) => entry.path === 'admin/*')!.file).toBe('routes/admin.tsx');
    expect(adminPaths.every((entry) => !entry.children?.length)).toBe(true);
    for (const page of [
      '',
      'orders',
      'orders/8C1F0A2B3D4E5F6A7B8C9D0E',
      'reviews',
      'messages',
      'messages/100001',
      'stock',
      'audit',
      'team',
      'team/',
      'products',
      'products/new',
      'products/0b6b2c8e-8f0e-4d5a-9c1e-2f3a4b5c6d7e',
    ]) {
      expect(adminPageAt(page), page).not.toBeNull();
    }
    for (const page of ['nothing', 'messages/abc', 'reviews/1', '../shop', 'orders/a/b', 'orders/../x', 'products/abc'])
      expect(adminPageAt(page), page).toBeNull();
  });

  it('answer 404 to an admin for a path that is no page', async () => {
    const admin = await signedInAdmin(shop());
    const thrown = await loadLayout(pageRequest({ cookie: admin.headers.cookie }), 'nothing').catch((error) => error);
    expect(thrown).toMatchObject({ data: 'Not found', init: { status: 404 } });
  });

  it('answer 404 to a visitor, a shopper, old staff, a forged cookie and an admin before the second factor', async () => {
    const shopper = await verifiedShopper(shop());
    const staff = await oldStaffBearer(shop());
    const ownerEmail = uniqueEmail();
    await shop().services.admin.createOwner({ email: ownerEmail, password: ADMIN_TEST_PASSWORD });
    const halfSignedIn = await shop().app.inject({
      method: 'POST',
      url: '/api/admin/session',
      payload: { email: ownerEmail, password: ADMIN_TEST_PASSWORD },
    });
    expect(halfSignedIn.statusCode, halfSignedIn.body).toBe(200);
    for (const headers of [
      {},
      shopper.bearer,
      cookieHeader(refreshCookieOf(shopper.response)),
      staff,
      { cookie: 'admin_session=forged' },
      { cookie: sessionCookie(halfSignedIn) },
    ] as Record<string, string>[]) {
      expect(await statusOf(pageRequest(headers)), JSON.stringify(headers)).toBe(404);
    }
  });

  it('let an owner and a staff admin in, with the viewer their changes need, never cached or indexed', async () => {
    for (const role of ['owner', 'staff'] as const) {
      const admin = await signedInAdmin(shop(), role);
      const page = await loadLayout(pageRequest({ cookie: admin.headers.cookie }));
      expect(page.viewer).toEqual({
        email: admin.email,
        role,
        stage: 'complete',
        csrfToken: admin.headers['x-csrf-token'],
      });
    }
    expect(adminLayout.headers()).toEqual({ 'Cache-Control': 'no-store', 'X-Robots-Tag': 'noindex' });
    expect(adminSignIn.headers()).toEqual({ 'Cache-Control': 'no-store', 'X-Robots-Tag': 'noindex' });
  });

  it('show the sign-in to anyone, and send a signed-in admin on to the dashboard', async () => {
    const signIn = (headers: Record<string, string>) =>
      adminSignIn.loader({
        request: new Request('http://localhost/admin/sign-in', { headers }),
        context,
        params: {},
      } as Parameters<typeof adminSignIn.loader>[0]);
    expect(await signIn({})).toEqual({ shopName: shop().services.shop.name });
    const admin = await signedInAdmin(shop());
    const redirected = await signIn({ cookie: admin.headers.cookie }).catch((thrown: unknown) => thrown);
    expect(redirected).toBeInstanceOf(Response);
    expect((redirected as Response).status).toBe(302);
    expect((redirected as Response).headers.get('location')).toBe('/admin');
  });
});
