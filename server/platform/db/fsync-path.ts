import { closeSync, fsyncSync, openSync } from 'node:fs';

/** Flushes a file or a folder (its entries: a rename in it) to disk, so a power cut after this loses neither. */
export function fsyncPath(file: string, flags = 'r'): void {
  const fd = openSync(file, flags);
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}
