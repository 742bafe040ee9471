// The ceiling a page or API answer is measured against: a bare Node HTTP server, in its own process like the shop,
// sending stored copies of the shop's answers verbatim. Run by bench/pages.ts as `node static-ceiling.ts <dir> <port>`:
// each file in <dir> is served at /<file name>, its content type from a `<name>.type` file beside it.
import { createServer } from 'node:http';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const [directory, port] = process.argv.slice(2);
if (!directory || !port) throw new Error('usage: static-ceiling.ts <dir> <port>');

const copies = new Map<string, { body: Buffer; type: string }>();
for (const name of readdirSync(directory).filter((file) => !file.endsWith('.type'))) {
  copies.set(`/${name}`, {
    body: readFileSync(path.join(directory, name)),
    type: readFileSync(path.join(directory, `${name}.type`), 'utf8'),
  });
}

createServer((request, response) => {
  const copy = copies.get(request.url ?? '');
  if (!copy) {
    response.writeHead(404).end();
    return;
  }
  response.writeHead(200, { 'content-type': copy.type, 'content-length': copy.body.length });
  response.end(copy.body);
}).listen(Number(port), '127.0.0.1', () => process.send?.('listening'));
