import pg from 'pg';

interface Subscription {
  channel: string;
  onMessage: (payload: string) => void;
  onResync?: () => void;
}

export interface ListenerOptions {
  /** Told once when the connection is lost and once when it is back; never per attempt. */
  log?: (message: string) => void;
  firstRetryMs?: number;
  maxRetryMs?: number;
}

const listenStatement = (channels: Iterable<string>) =>
  [...new Set(channels)].map((channel) => `listen ${pg.escapeIdentifier(channel)}`).join('; ');

/**
 * One LISTEN connection per process, for every channel (decision 0014). When it is lost (PostgreSQL restarted,
 * the backend was terminated, the network dropped) it reconnects with exponential backoff and jitter, listens on
 * every channel again and calls each onResync: notifications sent meanwhile are gone for good.
 */
export class PostgresListener {
  private readonly subscriptions = new Set<Subscription>();
  private live: pg.Client | null = null;
  private opening: Promise<pg.Client> | null = null;
  /** When the connection was lost; null while connected (or before the first subscription). */
  private lostAt: number | null = null;
  private attempts = 0;
  private retry: NodeJS.Timeout | null = null;
  private closed = false;
  private readonly log: (message: string) => void;
  private readonly firstRetryMs: number;
  private readonly maxRetryMs: number;

  constructor(
    private readonly url: string,
    options: ListenerOptions = {},
  ) {
    this.log = options.log ?? (() => {});
    this.firstRetryMs = options.firstRetryMs ?? 100;
    this.maxRetryMs = options.maxRetryMs ?? 5000;
  }

  /** Resolves once listening; only a failure of the very first connection rejects. */
  async listen(
    channel: string,
    onMessage: (payload: string) => void,
    onResync?: () => void,
  ): Promise<() => Promise<void>> {
    if (this.closed) throw new Error('The database is closed');
    const subscription = { channel, onMessage, onResync };
    this.subscriptions.add(subscription);
    // During an outage, the reconnect listens on every channel subscribed by the time it is live.
    if (this.live || this.lostAt === null) {
      let client: pg.Client;
      try {
        client = this.live ?? (await this.firstConnection());
      } catch (error) {
        this.subscriptions.delete(subscription);
        throw error;
      }
      await client.query(listenStatement([channel])).catch((error: unknown) => this.lost(client, error));
    }
    return () => this.unsubscribe(subscription);
  }

  async close(): Promise<void> {
    this.closed = true;
    this.subscriptions.clear();
    await this.disconnect();
  }

  private firstConnection(): Promise<pg.Client> {
    this.opening ??= this.connect()
      .then(async (client) => {
        if (this.closed) {
          await client.end().catch(() => {});
          throw new Error('The database is closed');
        }
        this.live = client;
        return client;
      })
      .finally(() => (this.opening = null));
    return this.opening;
  }

  private async connect(): Promise<pg.Client> {
    const client = new pg.Client({ connectionString: this.url, keepAlive: true, keepAliveInitialDelayMillis: 10_000 });
    client.on('notification', ({ channel, payload }) => this.dispatch(channel, payload ?? ''));
    client.on('error', (error) => this.lost(client, error));
    client.on('end', () => this.lost(client));
    try {
      await client.connect();
    } catch (error) {
      await client.end().catch(() => {});
      throw error;
    }
    return client;
  }

  private dispatch(channel: string, payload: string): void {
    for (const subscription of [...this.subscriptions]) {
      if (subscription.channel === channel) subscription.onMessage(payload);
    }
  }

  /** The live connection failed: log the first loss of an outage only, and try again later. */
  private lost(client: pg.Client, error?: unknown): void {
    if (client !== this.live || this.closed) return;
    this.live = null;
    void client.end().catch(() => {});
    if (this.lostAt === null) {
      this.lostAt = Date.now();
      const reason = error instanceof Error ? error.message : 'connection ended';
      this.log(`PostgreSQL LISTEN connection lost (${reason}); reconnecting`);
    }
    this.scheduleReconnect();
  }

  private scheduleReconnect(): void {
    const ceiling = Math.min(this.maxRetryMs, this.firstRetryMs * 2 ** this.attempts++);
    // Jitter, so the processes behind a load balancer do not all reconnect in the same instant.
    this.retry = setTimeout(() => void this.reconnect(), ceiling / 2 + (Math.random() * ceiling) / 2);
    this.retry.unref();
  }

  private async reconnect(): Promise<void> {
    this.retry = null;
    if (this.closed) return;
    let client: pg.Client;
    try {
      client = await this.connect();
    } catch {
      this.scheduleReconnect();
      return;
    }
    if (this.closed || this.lostAt === null) {
      await client.end().catch(() => {});
      return;
    }
    // Live before LISTEN, so a subscription added from here on listens on this connection itself.
    this.live = client;
    const channels = [...this.subscriptions].map(({ channel }) => channel);
    if (channels.length > 0) {
      try {
        await client.query(listenStatement(channels));
      } catch (error) {
        this.lost(client, error);
        return;
      }
    }
    const downSeconds = ((Date.now() - this.lostAt) / 1000).toFixed(1);
    this.lostAt = null;
    this.attempts = 0;
    this.log(`PostgreSQL LISTEN connection is back after ${downSeconds} s`);
    for (const { onResync } of [...this.subscriptions]) onResync?.();
  }

  private async unsubscribe(subscription: Subscription): Promise<void> {
    if (!this.subscriptions.delete(subscription)) return;
    if (this.subscriptions.size === 0) return this.disconnect();
    const { channel } = subscription;
    if ([...this.subscriptions].some((other) => other.channel === channel)) return;
    await this.live?.query(`unlisten ${pg.escapeIdentifier(channel)}`).catch(() => {});
  }

  /** Ends the connection and any reconnecting; a later listen() connects afresh. */
  private async disconnect(): Promise<void> {
    if (this.retry) clearTimeout(this.retry);
    this.retry = null;
    this.lostAt = null;
    this.attempts = 0;
    const client = this.live ?? (await this.opening?.catch(() => null)) ?? null;
    this.live = null;
    await client?.end().catch(() => {});
  }
}
