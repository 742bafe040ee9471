import { createHash, timingSafeEqual } from 'node:crypto';
import { and, eq, gt, lt } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../server/platform/db/client.ts';
import { SimulatorError } from './errors.ts';
import { secretToken } from './ids.ts';
import { simulatorTokens } from './schema.ts';

/** The merchant's client credentials, as PhonePe's dashboard issues them. */
export interface SimulatorCredentials {
  clientId: string;
  clientSecret: string;
  clientVersion: number;
}

/** PhonePe's token answer: times in epoch seconds, `expires_in` always null. */
export interface OAuthToken {
  access_token: string;
  encrypted_access_token: string;
  expires_in: null;
  issued_at: number;
  expires_at: number;
  session_expires_at: number;
  token_type: 'O-Bearer';
}

const tokenForm = z.object({
  client_id: z.string({ error: 'is required' }),
  client_secret: z.string({ error: 'is required' }),
  client_version: z.string({ error: 'is required' }),
  grant_type: z.literal('client_credentials', { error: "must be 'client_credentials'" }),
});

const sameSecret = (a: string, b: string) =>
  timingSafeEqual(createHash('sha256').update(a).digest(), createHash('sha256').update(b).digest());

export async function issueToken(
  db: Db,
  credentials: SimulatorCredentials,
  form: unknown,
  ttlSeconds: number,
): Promise<OAuthToken> {
  const { client_id, client_secret, client_version } = tokenForm.parse(form ?? {});
  const valid =
    sameSecret(client_id, credentials.clientId) &&
    sameSecret(client_secret, credentials.clientSecret) &&
    client_version === String(credentials.clientVersion);
  if (!valid) throw new SimulatorError(401, 'INVALID_CLIENT', 'Client authentication failed');

  const issuedAt = Math.floor(Date.now() / 1000);
  const expiresAt = issuedAt + ttlSeconds;
  const token = secretToken();
  // Expired tokens are of no use to anyone: the table stays as small as the live ones.
  await db.delete(simulatorTokens).where(lt(simulatorTokens.expiresAt, new Date()));
  await db.insert(simulatorTokens).values({ token, clientId: client_id, expiresAt: new Date(expiresAt * 1000) });
  return {
    access_token: token,
    encrypted_access_token: secretToken(),
    expires_in: null,
    issued_at: issuedAt,
    expires_at: expiresAt,
    session_expires_at: expiresAt,
    token_type: 'O-Bearer',
  };
}

/**
 * The client an `Authorization: O-Bearer <token>` header speaks for; 401 when absent, unknown or expired. A token
 * found in the database is remembered until it expires, so each API call is not a lookup too; forgetAll() is for
 * ending tokens early (the control API), and a process only forgets its own.
 */
export class TokenCheck {
  private readonly known = new Map<string, { clientId: string; expiresAt: number }>();

  constructor(private readonly db: Db) {}

  async clientOf(header: string | undefined): Promise<string> {
    const token = /^O-Bearer\s+(\S+)$/.exec(header ?? '')?.[1];
    if (!token) throw new SimulatorError(401, 'AUTHORIZATION_FAILED', 'Missing or malformed O-Bearer token');
    const remembered = this.known.get(token);
    if (remembered && remembered.expiresAt > Date.now()) return remembered.clientId;
    this.known.delete(token);
    const [row] = await this.db
      .select({ clientId: simulatorTokens.clientId, expiresAt: simulatorTokens.expiresAt })
      .from(simulatorTokens)
      .where(and(eq(simulatorTokens.token, token), gt(simulatorTokens.expiresAt, new Date())))
      .limit(1);
    if (!row) throw new SimulatorError(401, 'AUTHORIZATION_FAILED', 'Invalid or expired access token');
    this.known.set(token, { clientId: row.clientId, expiresAt: row.expiresAt.getTime() });
    return row.clientId;
  }

  forgetAll(): void {
    this.known.clear();
  }
}

/** Ends every issued token now, as an expiry would: the next API call gets 401 (tests of the client's refresh). */
export async function expireAllTokens(db: Db): Promise<number> {
  const ended = await db
    .update(simulatorTokens)
    .set({ expiresAt: new Date() })
    .where(gt(simulatorTokens.expiresAt, new Date()))
    .returning({ token: simulatorTokens.token });
  return ended.length;
}
