import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface TestSmtpServer {
  port: number;
  received: ParsedMail[];
  /** Connections opened so far. */
  readonly connections: number;
  /** How long it takes to accept each message (a slow server); 0 by default. */
  acceptDelayMs: number;
  /**
   * Messages accepted at most: the ones after wait, unanswered, until this is raised; a message whose client hangs
   * up meanwhile is never delivered, as a real server does with a message it never acknowledged.
   */
  acceptAtMost: number;
  /** Messages received in full and waiting for their answer now. */
  readonly waiting: number;
  close(): Promise<void>;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A real SMTP server on loopback that parses every message it accepts. */
export async function startSmtpServer(port = 0): Promise<TestSmtpServer> {
  const received: ParsedMail[] = [];
  const hungUp = new Set<string>();
  let connections = 0;
  let waiting = 0;
  const control = { acceptDelayMs: 0, acceptAtMost: Infinity };
  /** Waits until the message may be accepted; false when its client hung up first. */
  async function mayAccept(sessionId: string): Promise<boolean> {
    waiting++;
    try {
      while (received.length >= control.acceptAtMost && !hungUp.has(sessionId)) await pause(20);
      if (control.acceptDelayMs > 0) await pause(control.acceptDelayMs);
      return !hungUp.has(sessionId) && received.length < control.acceptAtMost;
    } finally {
      waiting--;
    }
  }
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    // A client that keeps pooled connections open must not hold close() up for the default 30 s.
    closeTimeout: 1000,
    onConnect(_session, callback) {
      connections++;
      callback();
    },
    onClose(session) {
      hungUp.add(session.id);
    },
    onData(stream, session, callback) {
      simpleParser(stream)
        .then(async (mail) => {
          for (;;) {
            if (await mayAccept(session.id)) break;
            if (hungUp.has(session.id)) return callback(new Error('The client hung up'));
          }
          received.push(mail);
          callback();
        })
        .catch((err: Error) => callback(err));
    },
  });
  server.listen(port, '127.0.0.1');
  await once(server.server, 'listening');
  return {
    port: (server.server.address() as AddressInfo).port,
    received,
    get connections() {
      return connections;
    },
    get acceptDelayMs() {
      return control.acceptDelayMs;
    },
    set acceptDelayMs(ms: number) {
      control.acceptDelayMs = ms;
    },
    get acceptAtMost() {
      return control.acceptAtMost;
    },
    set acceptAtMost(count: number) {
      control.acceptAtMost = count;
    },
    get waiting() {
      return waiting;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
