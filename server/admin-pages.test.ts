// The back office's pages (issues 22 and 32): every /admin page but the sign-in and the invitation link is a child of
// the `admin` layout route, whose loader (and each page's) answers 404 to anyone but an admin past the second factor,
// with the viewer the real server hands loaders; the pages read through the API in process (decision 0059).
import { isRouteErrorResponse, type AppLoadContext } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import routes from '../app/routes.ts';
import * as adminLayout from '../app/routes/admin.tsx';
import * as adminSignIn from '../app/routes/admin-sign-in.tsx';
import * as notAPage from '../app/routes/admin/not-found.tsx';
import * as reviewsPage from '../app/routes/admin/reviews.tsx';
import * as teamPage from '../app/routes/admin/team.tsx';
import * as ticketPage from '../app/routes/admin/ticket.tsx';
import { pageAdmin } from './root/app.ts';
import { inProcessApi } from './platform/http/in-process-api.ts';
import { testShopFor } from './testing/harness.ts';
import { ADMIN_TEST_PASSWORD, sessionCookie, signedInAdmin } from './testing/admin-session.ts';
import { oldStaffBearer, verifiedShopper } from './testing/orders.ts';
import { cookieHeader, refreshCookieOf, uniqueEmail } from './testing/accounts.ts';

const shop = testShopFor({ SEED_DEMO: 'false' });
let context: AppLoadContext;
beforeAll(() => {
  context = {
    shop: shop().services.shop,
    admin: pageAdmin(shop().services.admin),
    api: inProcessApi(shop().app),
    clientAddress: '203.0.113.7',
  } as AppLoadContext;
});

const pageRequest = (headers: Record<string, string> = {}) =>
  new Request('http://localhost/admin/reviews', { headers });
const loadLayout = (request: Request) =>
  adminLayout.loader({ request, context, params: {} } as Parameters<typeof adminLayout.loader>[0]);
const loadReviews = (request: Request) =>
  reviewsPage.loader({ request, context, params: {} } as Parameters<typeof reviewsPage.loader>[0]);

/** What a loader throws: its status, with 'Not found' for the back office's 404. */
async function thrownStatus(load: Promise<unknown>): Promise<number> {
  try {
    await load;
    return 200;
  } catch (thrown) {
    const { data, init } = thrown as { data: unknown; init?: { status?: number } };
    if (isRouteErrorResponse(thrown)) return thrown.status;
    if (init?.status === 404) expect(data).toBe('Not found');
    return init?.status ?? 500;
  }
}

describe('the /admin pages', () => {
  it('are all children of the one layout route that checks the admin, but the sign-in and an invitation link', () => {
    const adminPaths = routes.filter((entry) => entry.path?.startsWith('admin'));
    // The invitation's page is for someone signed in to nothing yet (decision 0048).
    expect(adminPaths.map((entry) => entry.path).sort()).toEqual(['admin', 'admin/invitation/:token', 'admin/sign-in']);
    const layout = adminPaths.find((entry) => entry.path === 'admin')!;
    expect(layout.file).toBe('routes/admin.tsx');
    expect(adminPaths.filter((entry) => entry !== layout).every((entry) => !entry.children?.length)).toBe(true);
    const pages = layout.children!.map((child) => (child.index ? '' : child.path));
    expect(pages).toEqual([
      '',
      'orders',
      'orders/:orderId',
      'reviews',
      'messages',
      'messages/:ticket',
      'stock',
      'products',
      'products/new',
      'products/:productId',
      'audit',
      'team',
      '*',
    ]);
  });

  it('answer 404 to an admin for a path that is no page', async () => {
    const admin = await signedInAdmin(shop());
    const request = pageRequest({ cookie: admin.headers.cookie });
    const thrown = await notAPage
      .loader({ request, context, params: { '*': 'nothing' } } as Parameters<typeof notAPage.loader>[0])
      .catch((error: unknown) => error);
    expect(thrown).toMatchObject({ data: 'Not found', init: { status: 404 } });
    for (const ticket of ['abc', '1234567890']) {
      const load = ticketPage.loader({ request, context, params: { ticket } } as Parameters<
        typeof ticketPage.loader
      >[0]);
      expect(await thrownStatus(load), ticket).toBe(404);
    }
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
      expect(await thrownStatus(loadLayout(pageRequest(headers))), JSON.stringify(headers)).toBe(404);
      expect(await thrownStatus(loadReviews(pageRequest(headers))), JSON.stringify(headers)).toBe(404);
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
      // The page's read went through /api/admin/reviews with the admin's cookie, parsed by its contract.
      const reviews = await loadReviews(pageRequest({ cookie: admin.headers.cookie }));
      expect(reviews).toMatchObject({ reviews: expect.any(Array), next: null });
      // A filter the API refuses is the page's error, with the API's status and message.
      const refused = reviewsPage.loader({
        request: new Request('http://localhost/admin/reviews?status=bogus', {
          headers: { cookie: admin.headers.cookie },
        }),
        context,
        params: {},
      } as Parameters<typeof reviewsPage.loader>[0]);
      expect(await thrownStatus(refused)).toBe(400);
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

  it("make a form's change through the API: its CSRF token checked, its contract's message, the audit's address", async () => {
    const admin = await signedInAdmin(shop());
    const submit = async (fields: Record<string, string>) => {
      const body = new URLSearchParams({ form: 'add', intent: 'add', ...fields });
      const request = new Request('http://localhost/admin/team', {
        method: 'POST',
        headers: { cookie: admin.headers.cookie, 'content-type': 'application/x-www-form-urlencoded' },
        body,
      });
      const answer = await teamPage.action({ request, context, params: {} } as Parameters<typeof teamPage.action>[0]);
      return answer as unknown as {
        data: { ok: boolean; message: string; form: string };
        init: { status?: number } | null;
      };
    };
    const email = uniqueEmail();
    const forged = await submit({ csrf: 'not-the-token', email, fullname: 'Meera Staff' });
    expect(forged.data).toMatchObject({ ok: false, form: 'add' });
    expect(forged.init?.status).toBe(403);
    const refused = await submit({ csrf: admin.headers['x-csrf-token'], email, fullname: 'Me' });
    expect(refused.data).toMatchObject({ ok: false, message: 'Fullname must be at least 3 letters long' });
    const sent = await submit({ csrf: admin.headers['x-csrf-token'], email, fullname: 'Meera Staff' });
    expect(sent.data).toEqual({ ok: true, form: 'add', message: `Invitation sent to ${email}` });
    const audit = await shop().app.inject({
      method: 'GET',
      url: `/api/admin/audit?action=admin.invitation-sent`,
      headers: admin.headers,
    });
    const [entry] = audit.json<{ entries: { adminEmail: string; ip: string }[] }>().entries;
    expect(entry).toMatchObject({ adminEmail: admin.email, ip: '203.0.113.7' });
  });
});
