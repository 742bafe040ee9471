import { availableParallelism } from 'node:os';
import { z } from 'zod';
import { REVIEW_MAX_FILES_CEILING, REVIEW_MAX_FILES_DEFAULT } from '../core/contracts/reviews.ts';

const bool = z.stringbool({ truthy: ['true', '1', 'yes', 'on'], falsy: ['false', '0', 'no', 'off'] });
const rupees = z.coerce.number().min(0, 'must be 0 or more').max(1_000_000, 'must be at most 1000000');
const httpUrl = z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' });
/** An origin as URL.origin writes it, or null when `entry` is not a bare http(s) origin (no path, query or user). */
function originOf(entry: string): string | null {
  const url = URL.canParse(entry) ? new URL(entry) : null;
  const bare = url && /^https?:$/.test(url.protocol) && url.pathname === '/' && !url.search && !url.hash;
  return bare && !url.username ? url.origin : null;
}
/** Comma-separated origins. */
const origins = z.string().transform((value, context) => {
  const list = value
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
    .map(originOf);
  if (list.length > 0 && list.every((origin) => origin !== null)) return list as string[];
  context.addIssue({
    code: 'custom',
    message: 'must be http(s) origins separated by commas, e.g. https://mercury.phonepe.com',
  });
  return z.NEVER;
});

/** Every setting the shop reads from its environment; documented in .env.example. */
export const configSchema = z.object({
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
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\/\S+$/, 'must be a postgres:// connection URL')
    .optional(),
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
  /** Signs access tokens. Unset: a random secret is made once and kept in the database for every process. */
  AUTH_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  /**
   * Encrypts the back office's authenticator secrets (AES-256-GCM, decision 0047): 32 bytes as 64 hex characters.
   * Required in production; elsewhere made once into $DATA_DIR/secrets.key.
   */
  SECRETS_KEY: z
    .string()
    .regex(/^[0-9a-fA-F]{64}$/, 'must be 64 hexadecimal characters (32 random bytes: openssl rand -hex 32)')
    .optional(),
  ACCESS_TOKEN_MINUTES: z.coerce.number().int().min(1).max(1440).default(15),
  /** smtp(s)://user:pass@host:port. Unset: mail is kept in a local mailbox shown at /dev/mailbox (not in production). */
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\/\S+$/, 'must be an smtp:// or smtps:// URL')
    .optional(),
  /** How often each process looks for due work: queued mail, payment checks, expiries, refunds (decision 0019). */
  JOB_POLL_MS: z.coerce.number().int().min(100).max(600_000).default(1000),
  /** The From address of the shop's mail; defaults to the shop's name and e-mail. */
  MAIL_FROM: z.string().min(3).optional(),
  /** Google sign-in shows when this OAuth client id is set. */
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_JWKS_URL: httpUrl.default('https://www.googleapis.com/oauth2/v3/certs'),
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
  /**
   * Analytics beacons the whole shop takes per minute, from every address together; past it 429 (decision 0050).
   * Far above a D2C shop's traffic (a page view is one beacon, a page load's vitals one more).
   */
  ANALYTICS_BEACONS_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000).default(3000),
  /** Page loads whose Web Vitals are kept per India day, shop-wide (at most four rows each); past it, dropped. */
  ANALYTICS_VITALS_PER_DAY: z.coerce.number().int().min(0).max(10_000_000).default(20_000),
  /** Sign-in, sign-up, forgot-password, resend-verification and reset attempts allowed per IP and per e-mail. */
  AUTH_ATTEMPTS_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(10),
  /** Rate-limit counters live in Redis when set (needed with several app processes), in memory otherwise. */
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\/\S+$/, 'must be a redis:// or rediss:// URL')
    .optional(),
  SHOP_NAME: z.string().min(1).max(60).default('Aangan Decor'),
  SHOP_PHONE: z
    .string()
    .regex(/^\+?[\d\s-]{8,20}$/, 'must be a phone number')
    .default('+91 98765 43210'),
  SHOP_EMAIL: z.email('must be an e-mail address').default('hello@aangandecor.in'),
  SOCIAL_FACEBOOK_URL: httpUrl.default('https://www.facebook.com/aangandecor'),
  SOCIAL_INSTAGRAM_URL: httpUrl.default('https://www.instagram.com/aangandecor'),
  FREE_SHIPPING_ABOVE_RUPEES: rupees.default(500),
  SHIPPING_FEE_RUPEES: rupees.default(60),
  /** Cash-on-delivery orders above this total are refused: a returned COD parcel costs the shop both ways. */
  COD_MAX_RUPEES: rupees.default(10_000),
  /** Orders one shopper may place per hour, against scripted order spam that locks up stock. */
  ORDERS_PER_HOUR: z.coerce.number().int().min(1).max(1_000_000).default(20),
  /**
   * Contact-form messages one client address may send per hour: room for a household or an office behind one
   * address, too little for a script to fill the shop's inbox (each message is two mails).
   */
  CONTACT_MESSAGES_PER_HOUR: z.coerce.number().int().min(1).max(1_000_000).default(10),
  /** A delivered order's shopper is asked to review what they bought this many days after delivery (0: at once). */
  REVIEW_REQUEST_DAYS: z.coerce.number().min(0).max(365).default(7),
  /**
   * A product with this many or fewer in stock is low (the back office's list, a mail to SHOP_EMAIL when its stock
   * falls to it); a product's own threshold, set in the back office, wins (decision 0034).
   */
  LOW_STOCK_THRESHOLD: z.coerce.number().int().min(0).max(1_000_000).default(5),
  /** Memory for anonymous pages kept rendered (decision 0038), in MB; 0 renders every request. */
  PAGE_CACHE_MB: z.coerce.number().min(0).max(16_384).default(64),
  /**
   * After each start, make in the background the image variants pages link to that storage lacks (decision 0039).
   * Test and benchmark shops turn it off: minutes of encoding would run beside what they measure.
   */
  IMAGE_WARM_UP: bool.default(true),
  /** Photos one review keeps (the spec keeps 2 while its label says 1); more are refused with a 400. */
  REVIEW_MAX_FILES: z.coerce.number().int().min(0).max(REVIEW_MAX_FILES_CEILING).default(REVIEW_MAX_FILES_DEFAULT),
  /**
   * Reviews one shopper may write or edit per hour: ample for a shopper rewording one, too few for a script to
   * fill the shop's storage with photos (each write re-encodes up to REVIEW_MAX_FILES images).
   */
  REVIEWS_PER_HOUR: z.coerce.number().int().min(1).max(1_000_000).default(20),
  /** A back-office invitation's link works this many hours (decision 0048); fractions allowed, e.g. 0.5. */
  ADMIN_INVITE_HOURS: z.coerce.number().positive('must be a number of hours above 0').max(720).default(72),
  /** A session ends this many days after sign-in, however often its tokens are refreshed. */
  SESSION_MAX_DAYS: z.coerce.number().int().min(1).max(3650).default(90),
  /** PhonePe's credentials (decision 0019). Unset: the local simulator outside production, no prepaid in it. */
  PHONEPE_CLIENT_ID: z.string().min(1).optional(),
  PHONEPE_CLIENT_SECRET: z.string().min(1).optional(),
  PHONEPE_CLIENT_VERSION: z.coerce.number().int().min(1).default(1),
  /**
   * Picks PhonePe's hosts; PHONEPE_AUTH_URL and PHONEPE_API_URL override them. Defaults to production when
   * NODE_ENV=production (loadConfig), where sandbox is refused unless PHONEPE_ALLOW_SANDBOX=true.
   */
  PHONEPE_ENV: z.enum(['sandbox', 'production']).default('sandbox'),
  /** Lets a production shop (NODE_ENV=production) take PhonePe's sandbox payments, e.g. a staging deployment. */
  PHONEPE_ALLOW_SANDBOX: bool.default(false),
  PHONEPE_AUTH_URL: httpUrl.optional(),
  PHONEPE_API_URL: httpUrl.optional(),
  /**
   * Where the gateway's pay page may come from: the CSP's frame-src, the pay-page URLs the shop passes on, what the
   * browser opens. Unset: PhonePe's PayPage hosts for PHONEPE_ENV (content-security-policy.ts, payPageOrigins).
   */
  PHONEPE_PAY_PAGE_ORIGINS: origins.optional(),
  /** The webhook's credentials, as set in PhonePe's dashboard. */
  PHONEPE_WEBHOOK_USERNAME: z
    .string()
    .min(5, 'must be 5 to 20 characters')
    .max(20, 'must be 5 to 20 characters')
    .optional(),
  PHONEPE_WEBHOOK_PASSWORD: z
    .string()
    .min(8, 'must be 8 to 20 characters')
    .max(20, 'must be 8 to 20 characters')
    .optional(),
  PHONEPE_CHECKOUT_SCRIPT_URL: httpUrl.default('https://mercury.phonepe.com/web/bundle/checkout.js'),
  /** How long one call to the gateway may take before it is given up (and retried, within bounds). */
  PHONEPE_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(10_000),
  /** How long an unpaid prepaid order holds its stock. PhonePe takes 300 to 3600; less only outside production. */
  PAYMENT_EXPIRY_SECONDS: z.coerce.number().int().min(1).max(3600).default(1200),
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
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  /** Addresses the bucket as endpoint/bucket/key rather than bucket.endpoint/key: MinIO and most local servers. */
  S3_FORCE_PATH_STYLE: bool.default(false),
  /** Where browsers can fetch the bucket's files (the bucket's public address or a CDN in front of it). */
  S3_PUBLIC_URL: httpUrl.optional(),
});

/** Settings whose values never appear in messages or logs: they are, or may contain, secrets. */
const SECRET_SETTINGS = new Set([
  'AUTH_SECRET',
  'SECRETS_KEY',
  'DATABASE_URL',
  'SMTP_URL',
  'REDIS_URL',
  'PHONEPE_CLIENT_SECRET',
  'PHONEPE_WEBHOOK_PASSWORD',
  'S3_SECRET_ACCESS_KEY',
]);
/** Settings shown as (hidden) in messages: plain secrets, not URLs. */
const HIDDEN_SETTINGS = new Set([
  'AUTH_SECRET',
  'SECRETS_KEY',
  'PHONEPE_CLIENT_SECRET',
  'PHONEPE_WEBHOOK_PASSWORD',
  'S3_SECRET_ACCESS_KEY',
]);

/** With PhonePe's client id, the rest of what the gateway needs. */
const REQUIRED_WITH_PHONEPE = [
  'PHONEPE_CLIENT_SECRET',
  'PHONEPE_WEBHOOK_USERNAME',
  'PHONEPE_WEBHOOK_PASSWORD',
] as const;

/** With a bucket, what the AWS SDK needs to reach it: the region signs every request, the keys authenticate it. */
const REQUIRED_WITH_S3_BUCKET = ['S3_REGION', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const;
/** Settings that mean nothing without S3_BUCKET. */
const S3_SETTINGS = [...REQUIRED_WITH_S3_BUCKET, 'S3_ENDPOINT', 'S3_FORCE_PATH_STYLE', 'S3_PUBLIC_URL'] as const;

/** What production cannot run without: mail must reach shoppers, and links must point at the real shop. */
const REQUIRED_IN_PRODUCTION = {
  SMTP_URL: 'is required when NODE_ENV=production (mail must reach shoppers; the local mailbox is for development)',
  PUBLIC_URL: 'is required when NODE_ENV=production (the address in e-mailed links and canonical URLs)',
  SECRETS_KEY:
    'is required when NODE_ENV=production (it encrypts the back office’s authenticator secrets, kept apart from ' +
    'the database: openssl rand -hex 32)',
} as const;

/** The gateway settings that must be https in production: payment traffic and the pay page are never plain text. */
const GATEWAY_URL_SETTINGS = [
  'PHONEPE_AUTH_URL',
  'PHONEPE_API_URL',
  'PHONEPE_CHECKOUT_SCRIPT_URL',
  'PHONEPE_PAY_PAGE_ORIGINS',
] as const;

/** PhonePe's shortest webhook password is 8 characters; a deployed shop's is its only webhook credential. */
const PRODUCTION_WEBHOOK_PASSWORD_MIN = 16;

export type Config = z.infer<typeof configSchema>;

export class ConfigError extends Error {}

const isOn = (value: string | undefined) => bool.safeParse(value ?? 'false').data === true;

/** Parses the environment, naming every bad value at once so an operator can fix them in one go. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''));
  // A deployed shop takes real payments unless told otherwise; a local one tries PhonePe's sandbox.
  const phonePeEnv = present.NODE_ENV === 'production' ? 'production' : 'sandbox';
  const parsed = configSchema.safeParse({ PHONEPE_ENV: phonePeEnv, ...present });
  const lines = parsed.success
    ? []
    : parsed.error.issues.map((issue) => {
        const key = String(issue.path[0] ?? '?');
        return `  ${key}=${shownValue(key, env[key])}: ${issue.message}`;
      });
  if (present.NODE_ENV === 'production') {
    for (const [key, reason] of Object.entries(REQUIRED_IN_PRODUCTION)) {
      if (!present[key]) lines.push(`  ${key} ${reason}`);
    }
    const expiry = Number(present.PAYMENT_EXPIRY_SECONDS ?? 1200);
    if (expiry < 300) lines.push('  PAYMENT_EXPIRY_SECONDS must be at least 300 when NODE_ENV=production');
    lines.push(...productionGatewayProblems(present));
    if (present.TRUST_PROXY?.trim() === 'true') {
      lines.push(
        '  TRUST_PROXY=true is refused when NODE_ENV=production (every client could forge X-Forwarded-For and pick ' +
          'the address its rate limits count): set the number of proxies in front (e.g. 1) or their addresses',
      );
    }
    if (/^http:/i.test(present.S3_PUBLIC_URL ?? '')) {
      lines.push(
        `  S3_PUBLIC_URL=${shownValue('S3_PUBLIC_URL', present.S3_PUBLIC_URL)} must use https:// when ` +
          'NODE_ENV=production (an https page does not load http images)',
      );
    }
  }
  if (present.PHONEPE_CLIENT_ID) {
    for (const key of REQUIRED_WITH_PHONEPE) {
      if (!present[key]) lines.push(`  ${key} is required with PHONEPE_CLIENT_ID (prepaid payments need it)`);
    }
  }
  lines.push(...s3Problems(present));
  if (parsed.success && lines.length === 0) return parsed.data;
  throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}\nSee .env.example for every setting.`);
}

/** A bucket without what reaching it needs, or bucket settings without a bucket (the files would stay on disk). */
function s3Problems(present: Record<string, string | undefined>): string[] {
  if (present.S3_BUCKET) {
    return REQUIRED_WITH_S3_BUCKET.filter((key) => !present[key]).map(
      (key) => `  ${key} is required with S3_BUCKET (the shop's files are stored there)`,
    );
  }
  return S3_SETTINGS.filter((key) => present[key]).map(
    (key) => `  ${key} is set without S3_BUCKET: set S3_BUCKET, or files stay in DATA_DIR on local disk`,
  );
}

/** What a deployed shop refuses of its gateway settings: the sandbox unless allowed, plain http, a short password. */
function productionGatewayProblems(present: Record<string, string | undefined>): string[] {
  const lines: string[] = [];
  if (present.PHONEPE_ENV === 'sandbox' && !isOn(present.PHONEPE_ALLOW_SANDBOX)) {
    lines.push(
      '  PHONEPE_ENV=sandbox is refused when NODE_ENV=production (no real money moves): ' +
        'set PHONEPE_ENV=production, or PHONEPE_ALLOW_SANDBOX=true for a test deployment',
    );
  }
  for (const key of GATEWAY_URL_SETTINGS) {
    const value = present[key];
    if (value?.split(',').some((entry) => /^http:/i.test(entry.trim()))) {
      lines.push(`  ${key}=${shownValue(key, value)} must use https:// when NODE_ENV=production`);
    }
  }
  const password = present.PHONEPE_WEBHOOK_PASSWORD;
  if (password && password.length >= 8 && password.length < PRODUCTION_WEBHOOK_PASSWORD_MIN) {
    lines.push(
      `  PHONEPE_WEBHOOK_PASSWORD must be ${PRODUCTION_WEBHOOK_PASSWORD_MIN} to 20 characters when NODE_ENV=production ` +
        "(it is the webhook's only credential)",
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
export function servesLocalConveniences(config: Pick<Config, 'NODE_ENV' | 'TRUST_PROXY'>): boolean {
  return config.NODE_ENV !== 'production' && config.TRUST_PROXY === false;
}

/** A value as an error message may show it: secrets are replaced, passwords inside URLs masked. */
function shownValue(key: string, value: string | undefined): string {
  if (value === undefined) return '""';
  if (HIDDEN_SETTINGS.has(key)) return '(hidden)';
  if (SECRET_SETTINGS.has(key)) {
    try {
      const url = new URL(value);
      if (url.password) url.password = '***';
      return JSON.stringify(url.toString());
    } catch {
      return '(hidden)';
    }
  }
  return JSON.stringify(value);
}

/** The public origin, used for canonical links, sitemaps and Open Graph tags. */
export function publicOrigin(config: Config): string {
  return (config.PUBLIC_URL ?? `http://localhost:${config.PORT}`).replace(/\/$/, '');
}
