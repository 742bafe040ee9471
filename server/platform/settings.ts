// The root's own settings: the process, the database, storage, the shop's identity. Each module declares its own
// slice on its face; server/config.ts merges them all (decision 0058). Documented in .env.example.
import { availableParallelism } from 'node:os';
import { z } from 'zod';
import { bool, httpUrl, secret } from './kernel/setting-types.ts';

/** The roles a process may have (WORKER_MODE). */
export const WORKER_MODES = ['both', 'server', 'worker'] as const;
export type WorkerMode = (typeof WORKER_MODES)[number];

export const rootSettings = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int('must be a whole number').min(1).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  /**
   * Whose X-Forwarded-For to believe for the client's IP (rate limits, logs): false (default: nobody), true
   * (any proxy: only when nothing else can reach the app), a hop count, or a comma-separated list of proxy IPs.
   */
  TRUST_PROXY: z
    .string()
    .default('false')
    .transform((value): boolean | number | string[] => {
      if (value === 'true' || value === 'false') return value === 'true';
      if (/^\d+$/.test(value)) return Number(value);
      return value.split(',').map((entry) => entry.trim());
    }),
  /**
   * What this process does (issue 33): `both` serves HTTP and runs jobs and the mail outbox (one VPS, one kind of
   * process); `server` only serves HTTP; `worker` only runs jobs and mail, answering just its health routes.
   */
  WORKER_MODE: z.enum(WORKER_MODES).default('both'),
  /**
   * After SIGTERM, how long the process keeps serving while its readiness answers 503, so a balancer polling it
   * stops sending first: by default 2000 ms behind a proxy (TRUST_PROXY set), else 0.
   */
  SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).max(600_000).optional(),
  /** From SIGTERM to exit at most, the drain included; what still runs then is cut off. */
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(1000).max(600_000).default(8000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DATABASE_URL: secret(
    z
      .string()
      .regex(/^postgres(ql)?:\/\/\S+$/, 'must be a postgres:// connection URL')
      .optional(),
    'url',
  ),
  /**
   * Connections per process. By default two per CPU and one more (PostgreSQL's own rule of thumb): on a 2-CPU
   * machine, 10 connections made the order benchmark slower than 5 (decision 0018).
   */
  DATABASE_POOL_SIZE: z.coerce
    .number()
    .int()
    .min(1)
    .max(200)
    .default(2 * availableParallelism() + 1),
  DATA_DIR: z.string().min(1).default('./data'),
  /** The embedded database (no DATABASE_URL) flushes each commit to disk, so a power cut loses no order. */
  PGLITE_FSYNC: bool.default(true),
  PUBLIC_URL: httpUrl.optional(),
  MEDIA_BASE_URL: z
    .string()
    .regex(/^(https?:\/\/\S+|\/\S*)$/, 'must be an http(s) URL or a path starting with /')
    .default('/media'),
  SEED_DEMO: bool.default(true),
  /**
   * API requests one signed-in account may make per minute, on every /api route but the public catalogue reads
   * (decision 0041): far above what a shopper's pages send, low enough to stop one account's script.
   */
  API_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000).default(600),
  /**
   * API requests one client address may make per minute without a sign-in: more than an account's, since mobile
   * carriers put many shoppers behind one address (CGNAT); an IPv6 client counts by its /64 (decision 0041).
   */
  API_RATE_LIMIT_PER_ADDRESS_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000).default(1200),
  /** Rate-limit counters live in Redis when set (needed with several app processes), in memory otherwise. */
  REDIS_URL: secret(
    z
      .string()
      .regex(/^rediss?:\/\/\S+$/, 'must be a redis:// or rediss:// URL')
      .optional(),
    'url',
  ),
  SHOP_NAME: z.string().min(1).max(60).default('Aangan Decor'),
  SHOP_PHONE: z
    .string()
    .regex(/^\+?[\d\s-]{8,20}$/, 'must be a phone number')
    .default('+91 98765 43210'),
  SHOP_EMAIL: z.email('must be an e-mail address').default('hello@aangandecor.in'),
  SOCIAL_FACEBOOK_URL: httpUrl.default('https://www.facebook.com/aangandecor'),
  SOCIAL_INSTAGRAM_URL: httpUrl.default('https://www.instagram.com/aangandecor'),
  /** Memory for anonymous pages kept rendered (decision 0038), in MB; 0 renders every request. */
  PAGE_CACHE_MB: z.coerce.number().min(0).max(16_384).default(64),
  /** Serve the OpenAPI page at /api/docs in production too (always served outside production). */
  API_DOCS: bool.default(false),
  /** Uploaded and derived files go to this S3-compatible bucket when set, to $DATA_DIR/files otherwise. */
  S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be a bucket name: 3-63 lowercase letters, digits, dots, hyphens')
    .optional(),
  S3_REGION: z.string().min(1).optional(),
  /** Another S3-compatible service (MinIO, Cloudflare R2, DigitalOcean Spaces); unset: Amazon S3 itself. */
  S3_ENDPOINT: httpUrl.optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: secret(z.string().min(1).optional()),
  /** Addresses the bucket as endpoint/bucket/key rather than bucket.endpoint/key: MinIO and most local servers. */
  S3_FORCE_PATH_STYLE: bool.default(false),
  /** Where browsers can fetch the bucket's files (the bucket's public address or a CDN in front of it). */
  S3_PUBLIC_URL: httpUrl.optional(),
});

export type RootSettings = z.output<typeof rootSettings>;

/** With a bucket, what the AWS SDK needs to reach it: the region signs every request, the keys authenticate it. */
const REQUIRED_WITH_S3_BUCKET = ['S3_REGION', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const;
/** Settings that mean nothing without S3_BUCKET. */
const S3_SETTINGS = [...REQUIRED_WITH_S3_BUCKET, 'S3_ENDPOINT', 'S3_FORCE_PATH_STYLE', 'S3_PUBLIC_URL'] as const;

/** What the root's settings need together, and what production refuses of them. */
export function checkRootSettings(present: Readonly<Record<string, string | undefined>>): string[] {
  const lines: string[] = [];
  if (present.NODE_ENV === 'production') {
    if (!present.PUBLIC_URL)
      lines.push(
        '  PUBLIC_URL is required when NODE_ENV=production (the address in e-mailed links and canonical URLs)',
      );
    if (present.TRUST_PROXY?.trim() === 'true') {
      lines.push(
        '  TRUST_PROXY=true is refused when NODE_ENV=production (every client could forge X-Forwarded-For and pick ' +
          'the address its rate limits count): set the number of proxies in front (e.g. 1) or their addresses',
      );
    }
    if (/^http:/i.test(present.S3_PUBLIC_URL ?? '')) {
      lines.push(
        `  S3_PUBLIC_URL=${JSON.stringify(present.S3_PUBLIC_URL)} must use https:// when ` +
          'NODE_ENV=production (an https page does not load http images)',
      );
    }
  }
  const behindProxy = (present.TRUST_PROXY?.trim() ?? 'false') !== 'false';
  const drain = Number(present.SHUTDOWN_DRAIN_MS ?? (behindProxy ? 2000 : 0));
  const timeout = Number(present.SHUTDOWN_TIMEOUT_MS ?? 8000);
  if (drain >= timeout) {
    lines.push(
      `  SHUTDOWN_DRAIN_MS=${drain} must be below SHUTDOWN_TIMEOUT_MS=${timeout} (the drain is part of the shutdown's ` +
        'time, and the requests in flight need some of it)',
    );
  }
  if (present.S3_BUCKET) {
    lines.push(
      ...REQUIRED_WITH_S3_BUCKET.filter((key) => !present[key]).map(
        (key) => `  ${key} is required with S3_BUCKET (the shop's files are stored there)`,
      ),
    );
  } else {
    lines.push(
      ...S3_SETTINGS.filter((key) => present[key]).map(
        (key) => `  ${key} is set without S3_BUCKET: set S3_BUCKET, or files stay in DATA_DIR on local disk`,
      ),
    );
  }
  return lines;
}

/**
 * Whether this shop serves its local conveniences: the mailbox at /dev/mailbox and the PhonePe simulator at
 * /__phonepe. They trust a request from this machine, so only a local shop (NODE_ENV not
 * production) with no proxy in front (TRUST_PROXY=false) serves them: behind a proxy every request comes from this
 * machine (decision 0022).
 */
export function servesLocalConveniences(settings: Pick<RootSettings, 'NODE_ENV' | 'TRUST_PROXY'>): boolean {
  return settings.NODE_ENV !== 'production' && settings.TRUST_PROXY === false;
}

/** The public origin, used for canonical links, sitemaps and Open Graph tags. */
export function publicOrigin(settings: Pick<RootSettings, 'PUBLIC_URL' | 'PORT'>): string {
  return (settings.PUBLIC_URL ?? `http://localhost:${settings.PORT}`).replace(/\/$/, '');
}

/** How long a SIGTERM keeps serving before it stops accepting (SHUTDOWN_DRAIN_MS, by default 2 s behind a proxy). */
export const drainMsOf = (settings: Pick<RootSettings, 'SHUTDOWN_DRAIN_MS' | 'TRUST_PROXY'>): number =>
  settings.SHUTDOWN_DRAIN_MS ?? (settings.TRUST_PROXY === false ? 0 : 2000);
