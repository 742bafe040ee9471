import type { FastifyRequest } from 'fastify';
import { HttpError } from '../http/errors.ts';
import type { AccessClaims, AccessTokens } from './tokens.ts';

/** The signed-in user behind a request's `Authorization: Bearer …` header, or a 401 the client refreshes on. */
export async function requireUser(request: FastifyRequest, accessTokens: AccessTokens): Promise<AccessClaims> {
  const header = request.headers.authorization;
  const token = header?.startsWith('Bearer ') ? header.slice('Bearer '.length).trim() : '';
  if (!token) throw new HttpError(401, 'Please sign in');
  const check = await accessTokens.check(token);
  if (!check.ok) throw new HttpError(401, check.reason === 'expired' ? 'Session expired' : 'Please sign in');
  return check.claims;
}
