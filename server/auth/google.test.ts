import { createServer } from 'node:http';
import { generateKeyPair } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpError } from '../platform/http/errors.ts';
import { GoogleVerifier } from './google.ts';
import {
  GOOGLE_TEST_CLIENT_ID as CLIENT_ID,
  closeServer,
  listen,
  startFakeGoogle,
  type FakeGoogle,
} from '../testing/fake-google.ts';

const profile = {
  email: 'asha@example.com',
  email_verified: true,
  name: 'Asha Verma',
  picture: 'https://lh3.googleusercontent.com/a/asha',
};

let google: FakeGoogle;
let verifier: GoogleVerifier;
beforeAll(async () => {
  google = await startFakeGoogle(profile);
  verifier = new GoogleVerifier({ clientId: CLIENT_ID, jwksUrl: google.jwksUrl });
});
afterAll(async () => {
  await google?.close();
});
const signToken = (options?: Parameters<FakeGoogle['sign']>[0]) => google.sign(options);

const expectHttpError = async (attempt: Promise<unknown>, statusCode: number, message: string) => {
  const error = await attempt.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(HttpError);
  expect(error).toMatchObject({ statusCode, message });
  return error as HttpError;
};

/** Every rejected token looks the same to the client; the reason stays on `cause` for the logs. */
const expectLoginTrouble = async (attempt: Promise<unknown>) => {
  const error = await expectHttpError(attempt, 401, 'Trouble logging in through Google');
  expect(error.cause).toBeInstanceOf(Error);
};

describe('GoogleVerifier', () => {
  it('reads the identity from a valid token', async () => {
    await expect(verifier.verify(await signToken())).resolves.toEqual({
      subject: 'google-user-42',
      email: 'asha@example.com',
      emailVerified: true,
      name: 'Asha Verma',
      picture: 'https://lh3.googleusercontent.com/a/asha',
    });
  });

  it("accepts email_verified as the string 'true' and the issuer without a scheme", async () => {
    const token = await signToken({ claims: { ...profile, email_verified: 'true' }, issuer: 'accounts.google.com' });
    await expect(verifier.verify(token)).resolves.toMatchObject({ emailVerified: true });
  });

  it('rejects a token issued for another client', async () => {
    await expectLoginTrouble(verifier.verify(await signToken({ audience: 'someone-else.apps.googleusercontent.com' })));
  });

  it('rejects a token from another issuer', async () => {
    await expectLoginTrouble(verifier.verify(await signToken({ issuer: 'https://evil.example.com' })));
  });

  it('rejects a token that expired beyond the clock tolerance', async () => {
    await expectLoginTrouble(verifier.verify(await signToken({ expiresAt: Math.floor(Date.now() / 1000) - 60 })));
  });

  it('rejects a token signed by another key under the same kid', async () => {
    const impostor = await generateKeyPair('RS256', { extractable: true });
    await expectLoginTrouble(verifier.verify(await signToken({ key: impostor.privateKey })));
  });

  it('rejects an HS256 token', async () => {
    const token = await signToken({ alg: 'HS256', key: new TextEncoder().encode('a-shared-secret-of-32-bytes-long') });
    await expectLoginTrouble(verifier.verify(token));
  });

  it('rejects a token without an email', async () => {
    await expectLoginTrouble(verifier.verify(await signToken({ claims: { name: 'Asha Verma' } })));
  });

  it('rejects malformed tokens', async () => {
    await expectLoginTrouble(verifier.verify('not-a-jwt'));
  });

  it('asks for a token when none is sent', async () => {
    await expectHttpError(verifier.verify(''), 400, 'No ID token received from Google.');
  });

  it('fails fast with 401 when the key server is unreachable', async () => {
    const gone = createServer();
    const jwksUrl = await listen(gone);
    await closeServer(gone);
    const offline = new GoogleVerifier({ clientId: CLIENT_ID, jwksUrl });
    const started = Date.now();
    await expectLoginTrouble(offline.verify(await signToken()));
    expect(Date.now() - started).toBeLessThan(3000);
  });
});
