import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

type Encoding = 'br' | 'gzip';

/** Smaller bodies go as they are: compressing them saves less than its headers cost. */
const COMPRESS_FROM_BYTES = 1024;

/**
 * A JSON answer serialised once, with its ETag, and its brotli and gzip forms made the first time a client asks for
 * each and kept beside it: a cached list is compressed once per change, not once per request.
 */
export class EncodedJson {
  readonly etag: string;
  private readonly encoded = new Map<Encoding, Promise<Buffer>>();
  private readonly made = new Map<Encoding, Buffer>();
  private plain: Buffer | undefined;

  constructor(
    readonly json: string,
    etag?: string,
  ) {
    this.etag = etag ?? `"${createHash('sha1').update(json).digest('base64url')}"`;
  }

  body(encoding: Encoding): Promise<Buffer> {
    let body = this.encoded.get(encoding);
    if (!body) {
      body =
        encoding === 'br'
          ? brotli(this.json, { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } })
          : gzipped(this.json, { level: 9 });
      this.encoded.set(encoding, body);
      body.then((made) => this.made.set(encoding, made)).catch(() => {});
    }
    return body;
  }

  /** The uncompressed body as bytes, encoded once: most API clients ask for no compression. */
  plainBody(): Buffer {
    return (this.plain ??= Buffer.from(this.json));
  }

  /** The body in `encoding` if it is made already (asking for it otherwise, for next time). */
  madeBody(encoding: Encoding): Buffer | undefined {
    const made = this.made.get(encoding);
    if (!made) void this.body(encoding).catch(() => {});
    return made;
  }
}

/** What every such answer says of caching: browsers may keep it but must ask again each time. */
const CACHING_HEADERS = { 'cache-control': 'public, max-age=0, must-revalidate', vary: 'accept-encoding' };
const JSON_TYPE = 'application/json; charset=utf-8';

/** The encoding to answer in: brotli, else gzip, when the client accepts it (a q of 0 refuses); null for none. */
export function acceptedEncoding(header: string | undefined): Encoding | null {
  if (!header) return null;
  const accepted = new Map<string, number>();
  for (const part of header.toLowerCase().split(',')) {
    const [name, ...parameters] = part.trim().split(';');
    const q = parameters.map((p) => p.trim()).find((p) => p.startsWith('q='));
    accepted.set(name!.trim(), q ? Number(q.slice(2)) || 0 : 1);
  }
  const weight = (encoding: Encoding) => accepted.get(encoding) ?? accepted.get('*') ?? 0;
  if (weight('br') > 0) return 'br';
  if (weight('gzip') > 0) return 'gzip';
  return null;
}

/** The encoding `answer` goes out in for a client's Accept-Encoding: none for a small body. */
function answerEncoding(answer: EncodedJson, acceptEncoding: string | undefined): Encoding | null {
  return answer.json.length >= COMPRESS_FROM_BYTES ? acceptedEncoding(acceptEncoding) : null;
}

/** Whether If-None-Match names this ETag (one of a list, weak or not, or `*`). */
function notModified(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const bare = etag.replace(/^W\//, '');
  return header.split(',').some((tag) => {
    const candidate = tag.trim();
    return candidate === '*' || candidate.replace(/^W\//, '') === bare;
  });
}

/**
 * Sends the JSON with its ETag (304 when the client has it), compressed as the client accepts. Browsers may keep it
 * but must ask again each time (`max-age=0, must-revalidate`): a change shows at once.
 */
export async function sendEncodedJson(
  request: FastifyRequest,
  reply: FastifyReply,
  answer: EncodedJson,
): Promise<FastifyReply> {
  reply.header('etag', answer.etag).headers(CACHING_HEADERS);
  if (notModified(request.headers['if-none-match'], answer.etag)) return reply.code(304).send();
  reply.type(JSON_TYPE);
  const encoding = answerEncoding(answer, request.headers['accept-encoding']);
  if (!encoding) return reply.send(answer.json);
  return reply.header('content-encoding', encoding).send(await answer.body(encoding));
}

/**
 * The same answer as sendEncodedJson, written on Node's response before Fastify sees the request, with `headers`
 * (the security headers every API answer carries) before its own. False, for Fastify to answer, when the body in
 * the encoding the client takes is not made yet.
 */
export function writeEncodedJson(
  request: IncomingMessage,
  response: ServerResponse,
  answer: EncodedJson,
  headers: Readonly<Record<string, string>>,
): boolean {
  const common = { ...headers, etag: answer.etag, ...CACHING_HEADERS };
  if (notModified(request.headers['if-none-match'], answer.etag)) {
    response.writeHead(304, common).end();
    return true;
  }
  const encoding = answerEncoding(answer, request.headers['accept-encoding']);
  const body = encoding ? answer.madeBody(encoding) : answer.plainBody();
  if (!body) return false;
  response.writeHead(200, {
    ...common,
    'content-type': JSON_TYPE,
    ...(encoding ? { 'content-encoding': encoding } : {}),
    'content-length': String(body.length),
  });
  response.end(request.method === 'HEAD' ? undefined : body);
  return true;
}
