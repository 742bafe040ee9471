import { randomBytes } from 'node:crypto';

const NONCE_BYTES = 16;
/** Random bytes fetched at once for this many nonces: one call to the system's generator per 256 pages. */
const POOL_BYTES = NONCE_BYTES * 256;

let pool = Buffer.alloc(0);
let offset = 0;

/**
 * A fresh CSP nonce (128 random bits, base64): each one is bytes of the pool never handed out before. Asking the
 * system's generator for 16 bytes per page was a twentieth of a cached page's time.
 */
export function newNonce(): string {
  if (offset + NONCE_BYTES > pool.length) {
    pool = randomBytes(POOL_BYTES);
    offset = 0;
  }
  offset += NONCE_BYTES;
  return pool.toString('base64', offset - NONCE_BYTES, offset);
}
