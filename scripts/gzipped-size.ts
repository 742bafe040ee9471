import { get } from 'node:http';
import { gzipSync } from 'node:zlib';

/** The product page's JavaScript budget, gzipped (decision 0011). */
export const PRODUCT_PAGE_JS_BUDGET_BYTES = 120 * 1024;

/** The bytes the server sends a gzip-only client for a file (its precompressed .gz copy when there is one). */
export function gzippedSize(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    get(url, { headers: { 'accept-encoding': 'gzip' } }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        const body = Buffer.concat(chunks);
        resolve(response.headers['content-encoding'] === 'gzip' ? body.length : gzipSync(body, { level: 9 }).length);
      });
    }).on('error', reject);
  });
}
