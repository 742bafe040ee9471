// `npm run db:empty-cluster`: the empty cluster a first start loads instead of running initdb (decision 0069), made
// by the installed PGlite. Run it after upgrading @electric-sql/pglite (a test fails until then) and commit the file.
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { constants, brotliCompressSync } from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import { EMPTY_CLUSTER_FILE } from '../server/platform/db/empty-cluster.ts';

const client = await PGlite.create();
const tar = Buffer.from(await (await client.dumpDataDir('none')).arrayBuffer());
await client.close();
const folder = path.dirname(EMPTY_CLUSTER_FILE);
mkdirSync(folder, { recursive: true });
for (const old of readdirSync(folder)) rmSync(path.join(folder, old)); // another release's
const compressed = brotliCompressSync(tar, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } });
writeFileSync(EMPTY_CLUSTER_FILE, compressed);
console.log(
  `Wrote ${EMPTY_CLUSTER_FILE} (${(compressed.length / 1e6).toFixed(1)} MB, ${(tar.length / 1e6).toFixed(1)} MB unpacked)`,
);
