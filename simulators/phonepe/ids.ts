import { createHash, randomBytes, randomInt } from 'node:crypto';

/** PhonePe-like ids: a prefix, the time as yyMMddHHmmssSSS, and random digits (`OMO2406121817536673671964`). */
export function phonePeId(prefix: 'OMO' | 'OM' | 'OMR'): string {
  const stamp = new Date().toISOString().replace(/\D/g, '').slice(2, 17);
  return `${prefix}${stamp}${String(randomInt(0, 10_000_000_000)).padStart(10, '0')}`;
}

/** The pay page's secret path segment, and the access tokens: unguessable. */
export const secretToken = (bytes = 24) => randomBytes(bytes).toString('base64url');

/**
 * The bank's references for a transaction (UTR, UPI transaction id), derived from its id so every read shows the
 * same values without a column of their own.
 */
export function bankReferences(transactionId: string): { utr: string; upiTransactionId: string } {
  const digest = createHash('sha256').update(transactionId).digest();
  const utr = String(digest.readBigUInt64BE(0) % 10n ** 12n).padStart(12, '0');
  return { utr, upiTransactionId: `YBL${digest.subarray(8, 20).toString('hex').toUpperCase()}` };
}
