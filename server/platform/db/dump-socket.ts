// The running embedded shop writes its own backup (decision 0067): PGlite is open in one process only (decision 0022),
// so `npm run backup` asks that process, over the lock socket it already listens on, for a dump of its data directory.
// The protocol is one request line, `dump`, answered by `ok` and the tar's bytes, or by `error <message>`. Only
// those who may write to the socket file (its owner, with the usual umask) can connect: that is the authentication.
import { realpathSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { Readable } from 'node:stream';
import { lockPathOf, type LockConnectionHandler } from './data-dir-lock.ts';

const REQUEST = 'dump\n';
/** A connection that sends no request in this time is closed, so a silent one never holds up a shutdown. */
const REQUEST_TIMEOUT_MS = 5_000;

/** The lock socket's answer to a dump request: `dump` gives the tar the holder makes, uncompressed. */
export function servingDumps(dump: () => Promise<Blob>): LockConnectionHandler {
  return (socket) => {
    socket.setTimeout(REQUEST_TIMEOUT_MS, () => socket.destroy());
    socket.on('error', () => socket.destroy());
    let received = '';
    const onData = (chunk: Buffer) => {
      received += chunk.toString('latin1');
      if (received.length < REQUEST.length && REQUEST.startsWith(received)) return;
      socket.off('data', onData);
      if (received !== REQUEST) return void socket.end('error unknown request\n');
      socket.setTimeout(0);
      void answerDump(socket, dump);
    };
    socket.on('data', onData);
  };
}

async function answerDump(socket: Socket, dump: () => Promise<Blob>): Promise<void> {
  let tar: Blob;
  try {
    tar = await dump();
  } catch (error) {
    socket.end(`error ${(error instanceof Error ? error.message : String(error)).replace(/\n/g, ' ')}\n`);
    return;
  }
  socket.write('ok\n');
  Readable.fromWeb(tar.stream() as never).pipe(socket);
}

/**
 * The dump of `dataDir`'s database from the process holding it, as a stream of its tar; null when no process holds
 * it (nobody listens on its lock socket). A holder's refusal (`error …`) rejects with its message.
 */
export async function dumpFromHolder(dataDir: string): Promise<Readable | null> {
  const socketPath = lockPathOf(realpathSync(dataDir));
  const socket = await new Promise<Socket | null>((resolve, reject) => {
    const attempt = connect(socketPath);
    attempt.once('connect', () => {
      attempt.removeAllListeners('error');
      resolve(attempt);
    });
    attempt.once('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'ECONNREFUSED' || error.code === 'ENOENT') return resolve(null);
      if (error.code === 'EACCES')
        return reject(new Error(`No permission to reach the running shop at ${socketPath}: run this as its user`));
      reject(error);
    });
  });
  if (!socket) return null;
  socket.write(REQUEST);
  return new Promise((resolve, reject) => {
    let head = Buffer.alloc(0);
    const fail = (error: Error) => reject(error);
    const onData = (chunk: Buffer) => {
      head = Buffer.concat([head, chunk]);
      const newline = head.indexOf(10);
      if (newline < 0) return;
      socket.off('data', onData);
      socket.off('end', onEnd);
      socket.pause();
      const line = head.subarray(0, newline).toString();
      if (line !== 'ok') {
        socket.destroy();
        return reject(new Error(`The running shop could not write the backup: ${line.replace(/^error /, '')}`));
      }
      const rest = head.subarray(newline + 1);
      if (rest.length > 0) socket.unshift(rest);
      socket.off('error', fail);
      resolve(socket);
    };
    const onEnd = () => reject(new Error('The running shop closed the connection without an answer'));
    socket.on('data', onData);
    socket.once('end', onEnd);
    socket.once('error', fail);
  });
}
