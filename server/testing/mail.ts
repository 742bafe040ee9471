import { beforeAll, beforeEach } from 'vitest';
import type { Db } from '../platform/db/client.ts';
import { MailOutbox } from '../mail/outbox.ts';
import { devMailbox, mailOutbox } from '../mail/schema.ts';
import { testShopFor } from './harness.ts';

/**
 * What the mail sender's tests share: a shop without the demo catalogue (see testShopFor), its database and an
 * outbox on it. Every test starts with the outbox and the local mailbox empty.
 */
export function mailTestShop() {
  const shop = testShopFor({ SEED_DEMO: 'false' });
  const db = (): Db => shop().services.database.db;
  let outbox: MailOutbox;
  beforeAll(() => {
    outbox = new MailOutbox(db());
  });
  beforeEach(async () => {
    await db().delete(mailOutbox);
    await db().delete(devMailbox);
  });
  return { shop, db, outbox: () => outbox };
}
