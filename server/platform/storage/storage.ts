import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';

export interface PutOptions {
  /** Cache-Control kept with the file, for whoever serves it straight from storage (a bucket's public URL). */
  cacheControl?: string;
}

/** Where uploaded and derived files live: local disk by default, an S3-compatible bucket when S3_BUCKET is set. */
export interface FileStorage {
  put(key: string, body: Buffer, contentType: string, options?: PutOptions): Promise<void>;
  /** The file's bytes, or null when there is no such file. */
  get(key: string): Promise<Buffer | null>;
  exists(key: string): Promise<boolean>;
  /** Removes the file; removing one that is not there is no error. */
  delete(key: string): Promise<void>;
  /**
   * Where a browser can fetch the file without the shop, when it can (a bucket's S3_PUBLIC_URL): what the shop
   * stops serving must then leave that address too (decision 0049). Absent or null: only the shop serves it.
   */
  publicUrl?(key: string): string | null;
}

export class LocalDiskStorage implements FileStorage {
  constructor(private readonly root: string) {}

  private pathOf(key: string): string {
    const resolved = path.resolve(this.root, key);
    if (!resolved.startsWith(path.resolve(this.root) + path.sep)) throw new Error(`Bad storage key: ${key}`);
    return resolved;
  }

  async put(key: string, body: Buffer): Promise<void> {
    const target = this.pathOf(key);
    await mkdir(path.dirname(target), { recursive: true });
    // Write then rename, so a concurrent reader never sees half a file.
    const temporary = `${target}.${randomUUID()}.tmp`;
    await writeFile(temporary, body);
    await rename(temporary, target);
  }

  async get(key: string): Promise<Buffer | null> {
    try {
      return await readFile(this.pathOf(key));
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async exists(key: string): Promise<boolean> {
    try {
      return (await stat(this.pathOf(key))).isFile();
    } catch (error) {
      if (isMissing(error)) return false;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }
}

// ENOTDIR: a file stands where the key expects a folder, so the key names nothing either.
const isMissing = (error: unknown) => ['ENOENT', 'ENOTDIR'].includes((error as NodeJS.ErrnoException).code ?? '');
