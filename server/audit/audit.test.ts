import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { testShopFor } from '../testing/harness.ts';
import type { AdminActor } from '../platform/audit/actor.ts';

const shop = testShopFor();
const owner: AdminActor = { userId: crypto.randomUUID(), email: 'owner@example.in', role: 'owner', ip: '203.0.113.9' };

describe('the audit log', () => {
  it('keeps each entry with its admin, before and after, and finds it by admin, action and date', async () => {
    const { audit, database } = shop().services;
    const targetId = crypto.randomUUID();
    await database.transaction((tx) =>
      audit.record(tx, owner, {
        action: 'product.update',
        targetType: 'product',
        targetId,
        before: { price: 100 },
        after: { price: 90 },
      }),
    );
    const [entry] = await audit.search({ adminEmail: 'OWNER@example.in', action: 'product', targetId, limit: 10 });
    expect(entry).toMatchObject({ adminEmail: owner.email, action: 'product.update', ip: owner.ip });
    expect(entry!.before).toEqual({ price: 100 });
    expect(entry!.after).toEqual({ price: 90 });
    expect(await audit.search({ targetId, from: new Date(Date.now() + 60_000), limit: 10 })).toEqual([]);
  });

  it('is written with the change or not at all, and never changed or removed', async () => {
    const { audit, database } = shop().services;
    const targetId = crypto.randomUUID();
    await expect(
      database.transaction(async (tx) => {
        await audit.record(tx, owner, { action: 'order.cancel', targetType: 'order', targetId, reason: 'asked' });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await audit.search({ targetId, limit: 10 })).toEqual([]);

    await database.transaction((tx) =>
      audit.record(tx, owner, { action: 'order.cancel', targetType: 'order', targetId, reason: 'asked' }),
    );
    await expect(database.db.execute(sql`update audit_log set reason = 'edited'`)).rejects.toThrow();
    await expect(database.db.execute(sql`delete from audit_log`)).rejects.toThrow();
    expect((await audit.search({ targetId, limit: 10 }))[0]!.reason).toBe('asked');
  });
});
