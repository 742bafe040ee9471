import { createHash, randomBytes } from 'node:crypto';
import { constants, crc32, deflateRawSync } from 'node:zlib';

/**
 * A rendered page kept with a stand-in where its CSP nonce goes (decision 0038): each response gets the page with a
 * fresh nonce put back, plain or gzip. The gzip body is made once, segment by segment, each segment's deflate data
 * flushed to a byte boundary, so a response only adds the nonce as stored (uncompressed) blocks between them and the
 * gzip header and trailer around them: the same bytes a compressor would accept back, with no compressing per response.
 */
export class NonceTemplate {
  /** The page between the stand-ins, as UTF-8. */
  private readonly segments: Buffer[];
  private readonly deflated: Buffer[];
  /** A weak validator: the same page has the same tag in every process, whatever nonce a response carries. */
  readonly etag: string;
  private readonly plainBytes: number;
  /** What the cache counts against its byte limit. */
  readonly bytes: number;

  constructor(html: string, placeholder: string) {
    this.segments = html.split(placeholder).map((part) => Buffer.from(part));
    this.deflated = this.segments.map((segment) =>
      deflateRawSync(segment, { level: constants.Z_BEST_COMPRESSION, finishFlush: constants.Z_FULL_FLUSH }),
    );
    this.etag = `W/"${createHash('sha256').update(html).digest('base64url').slice(0, 27)}"`;
    this.plainBytes = this.segments.reduce((sum, part) => sum + part.length, 0);
    this.bytes = this.deflated.reduce((sum, part) => sum + part.length, this.plainBytes);
  }

  /** The page with `nonce` wherever the stand-in was. */
  plain(nonce: string): Buffer {
    return Buffer.concat(this.plainParts(nonce));
  }

  /** The same, as the parts to write one after another: the page is never copied per response. */
  plainParts(nonce: string): Buffer[] {
    return interleaved(this.segments, Buffer.from(nonce));
  }

  /** The same page as a gzip member (RFC 1952). */
  gzip(nonce: string): Buffer {
    return Buffer.concat(this.gzipParts(nonce));
  }

  gzipParts(nonce: string): Buffer[] {
    const nonceBytes = Buffer.from(nonce);
    // The CRC runs over the plain page: its segments with the nonce between them.
    let crc = 0;
    for (const [index, segment] of this.segments.entries()) {
      if (index > 0) crc = crc32(nonceBytes, crc);
      // Node's crc32 answers 0 for an empty buffer without memory behind it, whatever the running value.
      if (segment.length > 0) crc = crc32(segment, crc);
    }
    const size = this.plainBytes + nonceBytes.length * (this.segments.length - 1);
    const trailer = Buffer.alloc(8);
    trailer.writeUInt32LE(crc >>> 0, 0);
    trailer.writeUInt32LE(size % 2 ** 32, 4);
    return [GZIP_HEADER, ...interleaved(this.deflated, storedBlock(nonceBytes)), FINAL_EMPTY_BLOCK, trailer];
  }
}

/** `parts` with `between` between each two. */
function interleaved(parts: Buffer[], between: Buffer): Buffer[] {
  const all: Buffer[] = [];
  for (const [index, part] of parts.entries()) {
    if (index > 0) all.push(between);
    all.push(part);
  }
  return all;
}

/** A stand-in no page's own text can hold: random per process. */
export const newPlaceholder = (): string => `n${randomBytes(12).toString('hex')}`;

/** ID1 ID2, deflate, no flags, no time, no extra flags, OS unknown. */
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 255]);
/** A last, empty block with fixed codes: BFINAL 1, BTYPE 01, end-of-block. */
const FINAL_EMPTY_BLOCK = Buffer.from([0x03, 0x00]);

/** `data` as one stored deflate block, starting on a byte boundary (RFC 1951 3.2.4); a nonce is far below 64 KiB. */
function storedBlock(data: Buffer): Buffer {
  const header = Buffer.alloc(5);
  header.writeUInt8(0, 0);
  header.writeUInt16LE(data.length, 1);
  header.writeUInt16LE(~data.length & 0xffff, 3);
  return Buffer.concat([header, data]);
}
