import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SignJWT, exportJWK, generateKeyPair, type CryptoKey, type JWTPayload } from 'jose';

export const GOOGLE_TEST_CLIENT_ID = 'aangan-test.apps.googleusercontent.com';
const KID = 'google-test-key';

export interface GoogleTokenOptions {
  claims?: JWTPayload;
  subject?: string;
  audience?: string;
  issuer?: string;
  expiresAt?: number;
  alg?: string;
  key?: CryptoKey | Uint8Array;
}

export interface FakeGoogle {
  jwksUrl: string;
  /** An ID token as Google would sign it, with any field overridden to test a rejection. */
  sign(options?: GoogleTokenOptions): Promise<string>;
  close(): Promise<void>;
}

export async function listen(server: Server): Promise<string> {
  await once(server.listen(0, '127.0.0.1'), 'listening');
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/certs`;
}

export async function closeServer(server: Server): Promise<void> {
  server.close();
  await once(server, 'close');
}

/** Google's key endpoint on loopback, serving the public half of a key the tests sign with. */
export async function startFakeGoogle(defaultClaims: JWTPayload): Promise<FakeGoogle> {
  const keys = await generateKeyPair('RS256', { extractable: true });
  const jwks = JSON.stringify({ keys: [{ ...(await exportJWK(keys.publicKey)), kid: KID, alg: 'RS256' }] });
  const server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'application/json' }).end(jwks);
  });
  const jwksUrl = await listen(server);
  return {
    jwksUrl,
    sign: ({
      claims = defaultClaims,
      subject = 'google-user-42',
      audience = GOOGLE_TEST_CLIENT_ID,
      issuer = 'https://accounts.google.com',
      expiresAt = Math.floor(Date.now() / 1000) + 600,
      alg = 'RS256',
      key = keys.privateKey,
    } = {}) =>
      new SignJWT(claims)
        .setProtectedHeader({ alg, kid: KID })
        .setSubject(subject)
        .setAudience(audience)
        .setIssuer(issuer)
        .setIssuedAt(expiresAt - 3600)
        .setExpirationTime(expiresAt)
        .sign(key),
    close: () => closeServer(server),
  };
}
