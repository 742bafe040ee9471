import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { HeadObjectCommand, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from '../app.ts';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { createServices } from '../services.ts';
import { S3Storage, type S3Settings } from './s3-storage.ts';
import { LocalDiskStorage, type FileStorage } from './storage.ts';

// A real S3-compatible server on loopback, with its files in a temporary folder: the adapter speaks real S3 HTTP.
const BUCKET = 'shop-files';
const REGION = 'us-east-1';
// s3rver signs with these fixed credentials.
const CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

let directory: string;
let server: S3rver;
let endpoint: string;
const clients: Array<{ close(): void }> = [];

beforeAll(async () => {
  directory = await mkdtemp(path.join(tmpdir(), 's3-storage-test-'));
  server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: path.join(directory, 's3rver'),
    configureBuckets: [{ name: BUCKET }],
  });
  endpoint = `http://127.0.0.1:${(await server.run()).port}`;
});

afterAll(async () => {
  for (const client of clients) client.close();
  await server?.close();
  await rm(directory, { recursive: true, force: true });
});

function s3Storage(settings: Partial<S3Settings> = {}): S3Storage {
  const storage = new S3Storage({
    bucket: BUCKET,
    region: REGION,
    endpoint,
    forcePathStyle: true,
    ...CREDENTIALS,
    ...settings,
  });
  clients.push(storage);
  return storage;
}

function rawClient(): S3Client {
  const client = new S3Client({ region: REGION, endpoint, forcePathStyle: true, credentials: CREDENTIALS });
  clients.push({ close: () => client.destroy() });
  return client;
}

const photo = () =>
  sharp({
    create: {
      width: 640,
      height: 480,
      channels: 3,
      background: '#8a5a3c',
      noise: { type: 'gaussian', mean: 128, sigma: 40 },
    },
  })
    .jpeg({ quality: 80 })
    .toBuffer();

// Both adapters answer alike, so code written against the local disk behaves the same against a bucket.
const adapters: Array<[string, () => FileStorage]> = [
  ['local disk', () => new LocalDiskStorage(path.join(directory, 'disk'))],
  ['S3-compatible bucket', () => s3Storage()],
];

describe.each(adapters)('file storage on %s', (_name, makeStorage) => {
  let storage: FileStorage;
  beforeAll(() => {
    storage = makeStorage();
  });

  it('stores a photo and reads back the same bytes', async () => {
    const bytes = await photo();
    await storage.put('reviews/first/photo.jpg', bytes, 'image/jpeg');
    const stored = await storage.get('reviews/first/photo.jpg');
    expect(stored?.equals(bytes)).toBe(true);
  });

  it('replaces a file stored again under the same key', async () => {
    await storage.put('reviews/replaced.txt', Buffer.from('first'), 'text/plain');
    await storage.put('reviews/replaced.txt', Buffer.from('second'), 'text/plain');
    expect((await storage.get('reviews/replaced.txt'))?.toString()).toBe('second');
  });

  it('tells whether a file exists', async () => {
    await storage.put('reviews/here.jpg', await photo(), 'image/jpeg');
    expect(await storage.exists('reviews/here.jpg')).toBe(true);
    expect(await storage.exists('reviews/not-here.jpg')).toBe(false);
  });

  it('deletes a file, and deleting it again is no error', async () => {
    await storage.put('reviews/gone.jpg', await photo(), 'image/jpeg');
    await storage.delete('reviews/gone.jpg');
    expect(await storage.exists('reviews/gone.jpg')).toBe(false);
    expect(await storage.get('reviews/gone.jpg')).toBeNull();
    await expect(storage.delete('reviews/gone.jpg')).resolves.toBeUndefined();
  });

  it('answers a key it never stored with null and false', async () => {
    expect(await storage.get('originals/0123456789abcdef01234567')).toBeNull();
    expect(await storage.exists('originals/0123456789abcdef01234567')).toBe(false);
  });

  it('refuses a key that climbs out of its folder', async () => {
    await expect(storage.put('../outside.jpg', Buffer.from('x'), 'image/jpeg')).rejects.toThrow('Bad storage key');
    await expect(storage.get('../outside.jpg')).rejects.toThrow('Bad storage key');
  });
});

describe('the S3 adapter', () => {
  it('keeps the content type and the cache header with the object', async () => {
    const cacheControl = 'public, max-age=31536000, immutable';
    await s3Storage().put('variants/cached/320.webp', Buffer.from('RIFF'), 'image/webp', { cacheControl });
    const head = await rawClient().send(new HeadObjectCommand({ Bucket: BUCKET, Key: 'variants/cached/320.webp' }));
    expect(head.ContentType).toBe('image/webp');
    expect(head.CacheControl).toBe(cacheControl);
  });

  it('fails on a missing bucket instead of answering "no such file"', async () => {
    await expect(s3Storage({ bucket: 'no-such-bucket' }).get('originals/any')).rejects.toMatchObject({
      name: 'NoSuchBucket',
    });
  });

  it("gives a file's public address under S3_PUBLIC_URL, and none without it", () => {
    const storage = s3Storage({ publicUrl: 'https://cdn.example.in/shop/' });
    expect(storage.publicUrl('variants/ab12/320.webp')).toBe('https://cdn.example.in/shop/variants/ab12/320.webp');
    expect(storage.publicUrl('reviews/a photo.jpg')).toBe('https://cdn.example.in/shop/reviews/a%20photo.jpg');
    expect(s3Storage().publicUrl('variants/ab12/320.webp')).toBeNull();
  });
});

describe('a shop with S3_BUCKET set', () => {
  it('keeps its images in the bucket and serves their variants from it', async () => {
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      SEED_DEMO: 'false',
      S3_BUCKET: BUCKET,
      S3_REGION: REGION,
      S3_ENDPOINT: endpoint,
      S3_ACCESS_KEY_ID: CREDENTIALS.accessKeyId,
      S3_SECRET_ACCESS_KEY: CREDENTIALS.secretAccessKey,
      S3_FORCE_PATH_STYLE: 'true',
    });
    // PGlite in memory, whichever database the test project runs on: this test is about where the files go.
    const services = await createServices(config, { database: await openDatabase({}) });
    const app = await buildServer(services, { logger: false });
    try {
      expect(services.storage).toBeInstanceOf(S3Storage);
      clients.push(services.storage as S3Storage);
      const bytes = await photo();
      const key = await services.media.store(bytes, 'A brass diya on a wooden shelf');
      expect((await services.storage.get(`originals/${key}`))?.equals(bytes)).toBe(true);

      const response = await app.inject({ method: 'GET', url: `/media/${key}/320.webp` });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('image/webp');
      expect((await sharp(response.rawPayload).metadata()).width).toBe(320);
      const head = await rawClient().send(new HeadObjectCommand({ Bucket: BUCKET, Key: `variants/${key}/320.webp` }));
      expect(head.ContentType).toBe('image/webp');
      expect(head.CacheControl).toContain('immutable');
    } finally {
      await app.close();
      await services.close();
    }
  });
});
