import { createHash, randomBytes } from 'node:crypto';
import { linkSync, realpathSync, renameSync, statSync, unlinkSync, type Stats } from 'node:fs';
import { connect, createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ConfigError } from '../kernel/setting-types.ts';

/** A second process refused an embedded database another process has open. */
export class DatabaseInUseError extends ConfigError {
  constructor(dataDir: string) {
    super(
      `The embedded database in ${dataDir} is in use by another process (a running shop, or a script such as ` +
        'admin:create). Stop the shop first, or use PostgreSQL (DATABASE_URL), which any number of processes can share.',
    );
    this.name = 'DatabaseInUseError';
  }
}

/** The longest socket path every platform takes: sun_path is 108 bytes on Linux and 104 on macOS, with its NUL. */
const MAX_SOCKET_PATH = 100;
const TRIES = 10;

/**
 * Where the lock of a PGlite data directory lives: a Unix socket beside it (DATA_DIR/pglite.lock), or, when that
 * path is too long for a socket, one in the temporary directory named by a hash of the directory's real path.
 */
export function lockPathOf(realDataDir: string): string {
  const beside = `${realDataDir}.lock`;
  if (Buffer.byteLength(beside) <= MAX_SOCKET_PATH) return beside;
  const hash = createHash('sha256').update(realDataDir).digest('hex').slice(0, 32);
  return path.join(tmpdir(), `shop-pglite-${hash}.lock`);
}

/** What the holder does with a connection to its lock socket: by default it closes it at once. */
export type LockConnectionHandler = (socket: Socket) => void;

/**
 * Takes the lock that lets one process at a time open the PGlite data directory `dataDir` (decision 0022), or throws
 * DatabaseInUseError. The lock is a Unix socket this process listens on: the kernel closes it when the process dies,
 * however it dies, so a socket file nobody answers on is a dead holder's and is taken over. Resolves with its release.
 * `onConnection` answers those who connect (the backup's request, decision 0067); whoever only checks the lock closes.
 */
export async function lockDataDir(
  dataDir: string,
  onConnection: LockConnectionHandler = (socket) => socket.destroy(),
): Promise<() => Promise<void>> {
  const socketPath = lockPathOf(realpathSync(dataDir));
  // Stale sockets moved aside are removed only once this process listens, so a new socket never reuses their inode.
  const aside: string[] = [];
  try {
    for (let tries = 0; tries < TRIES; tries++) {
      const server = await listenOn(socketPath, onConnection);
      if (server) return () => new Promise<void>((resolve) => server.close(() => resolve()));
      const seen = statSync(socketPath, { throwIfNoEntry: false });
      if (!seen) continue; // its holder just let go
      if (await answers(socketPath)) throw new DatabaseInUseError(dataDir);
      moveAsideIfStale(socketPath, seen, aside);
    }
    throw new DatabaseInUseError(dataDir);
  } finally {
    for (const file of aside) unlinkSync(file);
  }
}

/** A server listening on the socket path, or null when the path is taken (by a live or a dead holder). */
function listenOn(socketPath: string, onConnection: LockConnectionHandler): Promise<Server | null> {
  return new Promise((resolve, reject) => {
    const server = createServer(onConnection);
    server.once('error', (error: NodeJS.ErrnoException) =>
      error.code === 'EADDRINUSE' ? resolve(null) : reject(error),
    );
    server.listen(socketPath, () => {
      server.removeAllListeners('error');
      server.unref(); // the lock alone never keeps a process running
      resolve(server);
    });
  });
}

/** Whether a process listens on the socket: a connection is accepted by the kernel even while its holder is busy. */
function answers(socketPath: string): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(socketPath);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    // Refused or gone: nobody holds it. Anything else (say, no permission) is taken as held: refusing is safe.
    socket.once('error', (error: NodeJS.ErrnoException) =>
      resolve(error.code !== 'ECONNREFUSED' && error.code !== 'ENOENT'),
    );
  });
}

/**
 * Moves a dead holder's socket out of the way. Another process may have taken the lock between the look and the
 * move (it found the same dead socket): then what was moved is that process's live socket, and it goes back.
 */
function moveAsideIfStale(socketPath: string, stale: Stats, aside: string[]): void {
  const movedTo = `${socketPath}.${process.pid}-${randomBytes(4).toString('hex')}`;
  try {
    renameSync(socketPath, movedTo);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  aside.push(movedTo);
  const moved = statSync(movedTo);
  if (moved.ino === stale.ino && moved.dev === stale.dev) return;
  try {
    linkSync(movedTo, socketPath);
  } catch {
    // Yet another process listens there now: the next look finds it.
  }
}
