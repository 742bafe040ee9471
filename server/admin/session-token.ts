import { createHash, randomBytes } from 'node:crypto';

/** A session is found by the SHA-256 of its cookie's token: the table alone signs nobody in. */
export const tokenHash = (token: string) => createHash('sha256').update(token).digest('base64url');
/** 32 random bytes: a cookie token or a CSRF token. */
export const newToken = () => randomBytes(32).toString('base64url');
