// Brotli and gzip copies of the built assets, so the server sends compressed files without compressing per request.
// The gzip copies are Zopfli's: the same format every browser reads, a few per cent smaller than zlib's best,
// which a cheap phone on a slow network feels; it costs only build time.
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { brotliCompressSync, constants } from 'node:zlib';
import { gzipAsync } from '@gfx/zopfli';

const root = path.resolve('build/client');
const COMPRESSIBLE = /\.(js|css|svg|html|json|txt|xml)$/;

const entries = await readdir(root, { recursive: true, withFileTypes: true });
let count = 0;
for (const entry of entries) {
  if (!entry.isFile() || !COMPRESSIBLE.test(entry.name)) continue;
  const file = path.join(entry.parentPath, entry.name);
  const body = await readFile(file);
  if (body.length < 1024) continue;
  await writeFile(`${file}.br`, brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
  await writeFile(`${file}.gz`, await gzipAsync(body, { numiterations: 15 }));
  count++;
}
console.log(`precompressed ${count} files in build/client`);
