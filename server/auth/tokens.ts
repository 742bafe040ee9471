import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { SignJWT } from 'jose';

import type { AccessClaims } from '../platform/auth/face.ts';

/**
 * Names the shop's own tokens. Deliberately not the public URL or port: every process sharing the database must
 * accept every other's tokens, and the signing secret already tells this shop's tokens from anyone else's.
 */
export const TOKEN_ISSUER = 'aangan-shop';

export interface AccessTokenOptions {
  issuer?: string;
  /** Whether the token's session is still active; without it only the signature and expiry are checked. */
  sessions?: { isActive(sessionId: string, userId: string): Promise<boolean> };
}

export type AccessCheck = { ok: true; claims: AccessClaims } | { ok: false; reason: 'expired' | 'invalid' };

/** Short-lived access tokens: HS256 JWTs carrying the user id, role and session id. */
export class AccessTokens {
  private readonly issuer: string;

  constructor(
    private readonly secret: Uint8Array,
    private readonly ttlSeconds: number,
    private readonly options: AccessTokenOptions = {},
  ) {
    this.issuer = options.issuer ?? TOKEN_ISSUER;
  }

  sign({ userId, role, sessionId }: AccessClaims): Promise<string> {
    return new SignJWT({ role, sid: sessionId })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(userId)
      .setIssuer(this.issuer)
      .setIssuedAt()
      .setExpirationTime(`${this.ttlSeconds}s`)
      .sign(this.secret);
  }

  /**
   * Verifies an HS256 token with node:crypto: every API call does this, and the synchronous HMAC costs a
   * fraction of WebCrypto's. Only tokens this class signs are accepted: header alg HS256 and nothing critical,
   * a matching signature, our issuer, a subject, a session that is still active, and an expiry in the future.
   */
  async check(token: string): Promise<AccessCheck> {
    const invalid = { ok: false, reason: 'invalid' } as const;
    const parts = token.split('.');
    if (parts.length !== 3) return invalid;
    const [header, payload, signature] = parts as [string, string, string];
    const expected = createHmac('sha256', this.secret).update(`${header}.${payload}`).digest();
    const given = Buffer.from(signature, 'base64url');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return invalid;
    const head = parseSegment(header);
    const claims = parseSegment(payload);
    if (!head || head.alg !== 'HS256' || 'crit' in head || !claims) return invalid;
    const { sub, iss, exp, nbf, role, sid } = claims;
    if (typeof sub !== 'string' || !sub || iss !== this.issuer || typeof exp !== 'number') return invalid;
    if (typeof sid !== 'string' || !sid) return invalid;
    const now = Date.now() / 1000;
    if (typeof nbf === 'number' && nbf > now) return invalid;
    if (exp <= now) return { ok: false, reason: 'expired' };
    if (this.options.sessions && !(await this.options.sessions.isActive(sid, sub))) return invalid;
    return { ok: true, claims: { userId: sub, role: role === 'admin' ? 'admin' : 'customer', sessionId: sid } };
  }
}

/** A JWT segment's JSON object, or null when it is not one. */
function parseSegment(segment: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(Buffer.from(segment, 'base64url').toString('utf8'));
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** A random opaque token for cookies and e-mail links; only its hash is stored. */
export const newOpaqueToken = (): string => randomBytes(32).toString('base64url');
export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');
