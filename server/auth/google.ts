import { createRemoteJWKSet, jwtVerify, type JWTPayload } from 'jose';
import { HttpError } from '../platform/http/errors.ts';

export interface GoogleIdentity {
  subject: string;
  email: string;
  emailVerified: boolean;
  /** Empty when the account shares no name. */
  name: string;
  picture: string | null;
}

export interface GoogleVerifierOptions {
  clientId: string;
  /** Google's signing keys by default; a local server in tests. */
  jwksUrl?: string;
  issuers?: string[];
  clockToleranceSeconds?: number;
}

export const GOOGLE_JWKS_URL = 'https://www.googleapis.com/oauth2/v3/certs';
const GOOGLE_ISSUERS = ['https://accounts.google.com', 'accounts.google.com'];

/** Checks Google sign-in ID tokens against Google's published keys and reads the identity they carry. */
export class GoogleVerifier {
  private readonly jwks: ReturnType<typeof createRemoteJWKSet>;

  constructor(private readonly options: GoogleVerifierOptions) {
    // One key set per verifier, so its cache survives between sign-ins and a dead endpoint fails fast.
    this.jwks = createRemoteJWKSet(new URL(options.jwksUrl ?? GOOGLE_JWKS_URL), {
      timeoutDuration: 5000,
      cooldownDuration: 30_000,
      cacheMaxAge: 10 * 60 * 1000,
    });
  }

  async verify(idToken: string): Promise<GoogleIdentity> {
    if (!idToken) throw new HttpError(400, 'No ID token received from Google.');
    try {
      const { payload } = await jwtVerify(idToken, this.jwks, {
        audience: this.options.clientId,
        issuer: this.options.issuers ?? GOOGLE_ISSUERS,
        algorithms: ['RS256'],
        clockTolerance: this.options.clockToleranceSeconds ?? 5,
      });
      return identityOf(payload);
    } catch (cause) {
      // jose's messages describe the token, not the user's problem: the client gets one plain message, logs get the cause.
      throw Object.assign(new HttpError(401, 'Trouble logging in through Google'), { cause });
    }
  }
}

function identityOf({ sub, email, email_verified, name, picture }: JWTPayload): GoogleIdentity {
  if (!sub || typeof email !== 'string' || !email) throw new Error('Google ID token has no sub or email claim');
  return {
    subject: sub,
    email,
    // Older Google tokens carry the flag as a string.
    emailVerified: email_verified === true || email_verified === 'true',
    name: typeof name === 'string' ? name : '',
    picture: typeof picture === 'string' ? picture : null,
  };
}
