import { beforeAll, describe, expect, it } from 'vitest';
import { testShopFor } from '../testing/harness.ts';
import { signedInAdmin, type SignedInAdmin } from '../testing/admin-session.ts';
import { oldStaffBearer, verifiedShopper } from '../testing/orders.ts';
import type { AuditEntryView } from '../../core/contracts/admin-audit.ts';
import type { AdminActor } from '../platform/audit/actor.ts';

const shop = testShopFor({ SEED_DEMO: 'false' });
let owner: SignedInAdmin;
beforeAll(async () => {
  owner = await signedInAdmin(shop());
});

/** Records an entry as `email` did it, as a module does in its change's transaction. */
async function recorded(email: string, action: string, targetId: string): Promise<void> {
  const actor: AdminActor = { userId: crypto.randomUUID(), email, role: 'staff', ip: '203.0.113.7' };
  const [targetType] = action.split('.');
  await shop().services.database.transaction((tx) =>
    shop().services.audit.record(tx, actor, {
      action,
      targetType: targetType!,
      targetId,
      before: { hidden: false },
      after: { hidden: true },
      reason: 'spam',
    }),
  );
}

const search = (query: string, headers: Record<string, string> = owner.headers) =>
  shop().app.inject({ method: 'GET', url: `/api/admin/audit?${query}`, headers });

async function found(query: string): Promise<{ entries: AuditEntryView[]; next: number | null }> {
  const response = await search(query);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

describe('GET /api/admin/audit', () => {
  it('finds entries by admin, action, target and date, newest first, a page at a time', async () => {
    const target = crypto.randomUUID();
    await recorded('moderator@example.in', 'review.hide', target);
    await recorded('moderator@example.in', 'review.unhide', target);
    await recorded('clerk@example.in', 'message.read', target);

    const byTarget = await found(`targetId=${target}`);
    expect(byTarget.entries.map((entry) => entry.action)).toEqual(['message.read', 'review.unhide', 'review.hide']);
    expect(byTarget.entries[2]).toMatchObject({
      adminEmail: 'moderator@example.in',
      targetType: 'review',
      targetId: target,
      before: { hidden: false },
      after: { hidden: true },
      reason: 'spam',
      ip: '203.0.113.7',
    });
    expect(byTarget.next).toBeNull();

    const byAdmin = await found(`targetId=${target}&admin=MODERATOR@example.in`);
    expect(byAdmin.entries.map((entry) => entry.action)).toEqual(['review.unhide', 'review.hide']);
    const byThing = await found(`targetId=${target}&action=review`);
    expect(byThing.entries.map((entry) => entry.action)).toEqual(['review.unhide', 'review.hide']);
    const byAction = await found(`targetId=${target}&action=review.hide`);
    expect(byAction.entries.map((entry) => entry.action)).toEqual(['review.hide']);

    const firstPage = await found(`targetId=${target}&limit=2`);
    expect(firstPage.entries).toHaveLength(2);
    expect(firstPage.next).toBe(firstPage.entries[1]!.id);
    const secondPage = await found(`targetId=${target}&limit=2&before=${firstPage.next}`);
    expect(secondPage.entries.map((entry) => entry.action)).toEqual(['review.hide']);
    expect(secondPage.next).toBeNull();
  });

  it("reads a day as India's day, and an ISO instant as it is", async () => {
    const target = crypto.randomUUID();
    await recorded('clerk@example.in', 'message.unread', target);
    const [entry] = (await found(`targetId=${target}`)).entries;
    const at = new Date(entry!.at);
    const indianDay = new Date(at.getTime() + 330 * 60_000).toISOString().slice(0, 10);
    const nextDay = new Date(at.getTime() + (330 + 24 * 60) * 60_000).toISOString().slice(0, 10);

    expect((await found(`targetId=${target}&from=${indianDay}&to=${indianDay}`)).entries).toHaveLength(1);
    expect((await found(`targetId=${target}&from=${nextDay}`)).entries).toHaveLength(0);
    const justAfter = new Date(at.getTime() + 1).toISOString();
    expect((await found(`targetId=${target}&from=${encodeURIComponent(justAfter)}`)).entries).toHaveLength(0);
    expect((await found(`targetId=${target}&to=${encodeURIComponent(justAfter)}`)).entries).toHaveLength(1);
  });

  it('refuses a bad date or page with a clear 400', async () => {
    for (const [query, message] of [
      ['from=27-11-2026', 'Dates are written YYYY-MM-DD'],
      ['to=yesterday', 'Dates are written YYYY-MM-DD'],
      ['before=abc', 'before must be an entry id'],
      ['limit=0', 'limit must be a whole number'],
    ] as const) {
      const response = await search(query);
      expect(response.statusCode, query).toBe(400);
      expect(response.json<{ message: string }>().message, query).toContain(message);
    }
  });

  it('answers 403 to a visitor, a shopper and a shopper with the old staff role', async () => {
    const shopper = await verifiedShopper(shop());
    for (const headers of [{}, shopper.bearer, await oldStaffBearer(shop())] as Record<string, string>[]) {
      expect((await search('', headers)).statusCode).toBe(403);
    }
  });

  it('lets a staff admin read it too', async () => {
    const staff = await signedInAdmin(shop(), 'staff');
    expect((await search('limit=1', staff.headers)).statusCode).toBe(200);
  });
});
