import { createHash, randomBytes } from 'node:crypto';
import { SignJWT, errors, jwtVerify } from 'jose';

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

  async check(token: string): Promise<AccessCheck> {
    try {
      const { payload } = await jwtVerify(token, this.secret, { issuer: this.issuer, algorithms: ['HS256'] });
      const role = payload.role === 'admin' ? 'admin' : 'customer';
      if (!payload.sub) return { ok: false, reason: 'invalid' };
      return { ok: true, claims: { userId: payload.sub, role } };
    } catch (error) {
      return { ok: false, reason: error instanceof errors.JWTExpired ? 'expired' : 'invalid' };
    }
  }
}

/** A random opaque token for cookies and e-mail links; only its hash is stored. */
export const newOpaqueToken = (): string => randomBytes(32).toString('base64url');
export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');
