import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { SignJWT } from 'jose';

export interface AccessClaims {
  userId: string;
  role: 'customer' | 'admin';
}

export type AccessCheck = { ok: true; claims: AccessClaims } | { ok: false; reason: 'expired' | 'invalid' };

/** Short-lived access tokens: HS256 JWTs carrying the user id and role. */
export class AccessTokens {
  constructor(
    private readonly secret: Uint8Array,
    private readonly ttlSeconds: number,
    private readonly issuer: string,
  ) {}

  sign({ userId, role }: AccessClaims): Promise<string> {
    return new SignJWT({ role })
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
   * a matching signature, our issuer, a subject, and an expiry in the future.
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
    const { sub, iss, exp, nbf, role } = claims;
    if (typeof sub !== 'string' || !sub || iss !== this.issuer || typeof exp !== 'number') return invalid;
    const now = Date.now() / 1000;
    if (typeof nbf === 'number' && nbf > now) return invalid;
    if (exp <= now) return { ok: false, reason: 'expired' };
    return { ok: true, claims: { userId: sub, role: role === 'admin' ? 'admin' : 'customer' } };
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
