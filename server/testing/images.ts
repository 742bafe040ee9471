import { randomBytes } from 'node:crypto';
import sharp from 'sharp';

/**
 * A flat image but for a few random pixels: unique, and quick to encode even at the largest width. The test shops
 * share one storage between runs, so an image whose files a test changes must be new to it.
 */
export function uniqueImage(format: 'png' | 'jpeg' = 'png'): Promise<Buffer> {
  const pixels = Buffer.alloc(64 * 48 * 3, 0x80);
  randomBytes(48).copy(pixels);
  const image = sharp(pixels, { raw: { width: 64, height: 48, channels: 3 } });
  return (format === 'jpeg' ? image.jpeg({ quality: 100 }) : image.png()).toBuffer();
}

export const imageFile = (bytes: Buffer, name = 'image.png', type = 'image/png') =>
  new File([new Uint8Array(bytes)], name, { type });
