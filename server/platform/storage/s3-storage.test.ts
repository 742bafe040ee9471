import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { HeadObjectCommand, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from '../../root/app.ts';
import { loadConfig } from '../../root/modules.ts';
import { openDatabase } from '../db/client.ts';
import { createServices } from '../../root/services.ts';
import { categories, products } from '../../catalog/schema.ts';
import { REVIEW_PHOTO_CACHE } from '../../media/service.ts';
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

/** A shop on the test bucket, on PGlite in memory whichever database the test project runs on: it is about files. */
async function bucketShop(settings: Record<string, string> = {}) {
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
    ...settings,
  });
  const services = await createServices(config, { database: await openDatabase({}) });
  clients.push(services.storage as S3Storage);
  const app = await buildServer(services, { logger: false });
  return {
    services,
    app,
    close: async () => {
      await app.close();
      await services.close();
    },
  };
}

/** Whether the bucket holds the key, asked of S3 itself rather than through the adapter. */
async function inBucket(key: string): Promise<boolean> {
  try {
    await rawClient().send(new HeadObjectCommand({ Bucket: BUCKET, Key: key }));
    return true;
  } catch (error) {
    if ((error as Error).name === 'NotFound') return false;
    throw error;
  }
}

describe('a shop with S3_BUCKET set', () => {
  it('keeps its images in the bucket and serves their variants from it', async () => {
    const { services, app, close } = await bucketShop();
    try {
      expect(services.storage).toBeInstanceOf(S3Storage);
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
      await close();
    }
  });

  it("takes a hidden review photo's files out of a public bucket's keys, and puts them back when shown", async () => {
    const { services, app, close } = await bucketShop({ S3_PUBLIC_URL: 'https://files.example.in/' });
    try {
      const { db } = services.database;
      const signUp = await app.inject({
        method: 'POST',
        url: '/api/auth/signup',
        payload: { fullname: 'Asha Verma', email: 'asha@example.in', password: 'kesar42chai' },
      });
      const userId = signUp.json<{ user: { _id: string } }>().user._id;
      const [category] = await db.insert(categories).values({ slug: 'lamps', name: 'Lamps' }).returning();
      const [product] = await db
        .insert(products)
        .values({
          slug: 'brass-diya',
          title: 'Brass diya',
          categoryId: category!.id,
          originalPricePaise: 100,
          pricePaise: 100,
        })
        .returning({ id: products.id });
      const saved = await services.media.saveOriginal(
        await sharp(await photo())
          .webp()
          .toBuffer(),
        '',
        'review-photo',
      );
      const input = { fullname: 'Asha Verma', email: 'asha@example.in', rating: 5, title: 'Warm', review: 'Glows.' };
      const review = await services.reviews.write({ productId: product!.id, userId, input, photos: [saved] });
      const url = `/media/${saved.key}/320.webp`;
      expect((await app.inject(url)).headers['cache-control']).toBe(REVIEW_PHOTO_CACHE);
      expect(await inBucket(`variants/${saved.key}/320.webp`)).toBe(true);

      const actor = { userId, email: 'asha@example.in', role: 'owner' as const, ip: '127.0.0.1' };
      const photoOf = { reviewId: review._id, position: 0 };
      await services.reviews.moderation.setPhotoHidden(actor, { ...photoOf, hidden: true });
      expect((await app.inject(url)).statusCode).toBe(404);
      expect(await inBucket(`originals/${saved.key}`)).toBe(false);
      expect(await inBucket(`variants/${saved.key}/320.webp`)).toBe(false);
      expect(await inBucket(`withheld/${saved.key}`)).toBe(true);

      await services.reviews.moderation.setPhotoHidden(actor, { ...photoOf, hidden: false });
      expect(await inBucket(`originals/${saved.key}`)).toBe(true);
      expect(await inBucket(`withheld/${saved.key}`)).toBe(false);
      const shown = await app.inject(url);
      expect(shown.statusCode).toBe(200);
      expect((await sharp(shown.rawPayload).metadata()).width).toBe(320);
    } finally {
      await close();
    }
  });
});
