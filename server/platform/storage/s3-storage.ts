import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import type { FileStorage, PutOptions } from './storage.ts';

export interface S3Settings {
  bucket: string;
  region: string;
  /** Another S3-compatible service; Amazon S3 when unset. */
  endpoint?: string;
  accessKeyId: string;
  secretAccessKey: string;
  forcePathStyle: boolean;
  /** Where browsers fetch the bucket's files, if anywhere. */
  publicUrl?: string;
}

/** Files in an S3-compatible bucket, under the same keys the local disk uses as paths. */
export class S3Storage implements FileStorage {
  private readonly client: S3Client;
  private readonly bucket: string;
  private readonly publicBase: string | null;

  constructor(settings: S3Settings) {
    this.bucket = settings.bucket;
    this.publicBase = settings.publicUrl?.replace(/\/+$/, '') ?? null;
    this.client = new S3Client({
      region: settings.region,
      endpoint: settings.endpoint,
      forcePathStyle: settings.forcePathStyle,
      credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
      // Checksums only where S3 demands them: several S3-compatible services refuse the SDK's default CRC32 headers.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      // Without these a stalled bucket would hold an image request forever; the SDK still retries (3 attempts).
      requestHandler: { connectionTimeout: 5_000, requestTimeout: 30_000, throwOnRequestTimeout: true },
    });
  }

  async put(key: string, body: Buffer, contentType: string, options: PutOptions = {}): Promise<void> {
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.bucket,
        Key: checkedKey(key),
        Body: body,
        ContentType: contentType,
        CacheControl: options.cacheControl,
      }),
    );
  }

  async get(key: string): Promise<Buffer | null> {
    try {
      const answer = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: checkedKey(key) }));
      if (!answer.Body) return Buffer.alloc(0);
      const bytes = await answer.Body.transformToByteArray();
      return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    } catch (error) {
      if (errorName(error) === 'NoSuchKey') return null;
      throw error;
    }
  }

  async exists(key: string): Promise<boolean> {
    try {
      await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: checkedKey(key) }));
      return true;
    } catch (error) {
      // A HEAD answer has no body to say why: a 404 is a missing key (or bucket; get and put tell those apart).
      if (errorName(error) === 'NotFound' || errorName(error) === 'NoSuchKey') return false;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    // S3 answers 204 whether or not the key was there, as the local disk's rm({ force }) does.
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: checkedKey(key) }));
  }

  /** Where a browser can fetch the file straight from the bucket (S3_PUBLIC_URL), or null when it cannot. */
  publicUrl(key: string): string | null {
    if (!this.publicBase) return null;
    return `${this.publicBase}/${checkedKey(key).split('/').map(encodeURIComponent).join('/')}`;
  }

  /** Closes the client's pooled connections. */
  close(): void {
    this.client.destroy();
  }
}

/**
 * A key is a path of plain segments. `.`, `..` and empty segments would name another file on the local disk, so the
 * bucket refuses them rather than keep a file where the disk would never look.
 */
function checkedKey(key: string): string {
  const segments = key.split('/');
  if (key.startsWith('/') || segments.some((segment) => segment === '' || segment === '.' || segment === '..')) {
    throw new Error(`Bad storage key: ${key}`);
  }
  return key;
}

const errorName = (error: unknown) => (error instanceof Error ? error.name : '');
