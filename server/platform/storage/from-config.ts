import path from 'node:path';
import type { RootSettings } from '../settings.ts';
import { LocalDiskStorage, type FileStorage } from './storage.ts';

/** The shop's file storage: the S3-compatible bucket when S3_BUCKET is set, $DATA_DIR/files otherwise. */
export async function storageFromConfig(config: RootSettings): Promise<FileStorage> {
  const { S3_BUCKET: bucket, S3_REGION: region, S3_ACCESS_KEY_ID: accessKeyId, S3_SECRET_ACCESS_KEY: secret } = config;
  if (!bucket) return new LocalDiskStorage(path.join(config.DATA_DIR, 'files'));
  if (!region || !accessKeyId || !secret) {
    throw new Error('S3_BUCKET needs S3_REGION, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY (see loadConfig)');
  }
  // Loaded only with a bucket: the AWS SDK is a large module that a shop on local disk never needs.
  const { S3Storage } = await import('./s3-storage.ts');
  return new S3Storage({
    bucket,
    region,
    endpoint: config.S3_ENDPOINT,
    accessKeyId,
    secretAccessKey: secret,
    forcePathStyle: config.S3_FORCE_PATH_STYLE,
    publicUrl: config.S3_PUBLIC_URL,
  });
}
