import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../platform/db/client.ts';
import { appSecrets } from './schema.ts';

/**
 * The configured secret, or one generated on first start and kept in the database, so every app process
 * signs with the same key without any set-up. Production deployments should set their own.
 */
export async function sharedSecret(db: Db, name: string, configured: string | undefined): Promise<Uint8Array> {
  if (configured) return new TextEncoder().encode(configured);
  await db
    .insert(appSecrets)
    .values({ name, value: randomBytes(48).toString('base64url') })
    .onConflictDoNothing();
  const [row] = await db.select().from(appSecrets).where(eq(appSecrets.name, name));
  return new TextEncoder().encode(row!.value);
}
