import path from 'node:path';
import type { Config } from './config.ts';
import { publicOrigin } from './config.ts';
import { openDatabase, type Database } from './db/client.ts';
import { CatalogService } from './catalog/index.ts';
import { BackgroundVariants, MediaService, warmUpVariants, type ImageInUse } from './media/index.ts';
import type { FileStorage } from './storage/storage.ts';
import { storageFromConfig } from './storage/from-config.ts';
import type { ShopSettings } from '../core/shop.ts';
import {
  AuthService,
  AccessTokens,
  SessionStore,
  sharedSecret,
  EmailLinks,
  GoogleVerifier,
  NewPasswordRules,
  PasswordCheckThrottle,
  SignInThrottle,
  attemptLimit,
  type AttemptLimit,
} from './auth/index.ts';
import { CartService } from './cart/index.ts';
import { BackInStockMails, WishlistService } from './wishlist/index.ts';
import { ContactService } from './contact/index.ts';
import { ReviewService, reviewWriteLimit } from './reviews/index.ts';
import { AuditLog } from './audit/index.ts';
import { AnalyticsService } from './analytics/index.ts';
import { AdminInvitations, AdminService, loadSecretsKey } from './admin/index.ts';
import { FailureThrottle, RateLimiter, createRateLimitStore, type RateLimitStore } from './http/rate-limit.ts';
import { MailOutbox, MailSender, createTransport, type MailTransport } from './mail/index.ts';
import type { DestinationStream } from 'pino';
import { createLogger, describeError } from './http/logger.ts';
import { OrderService, PlaceOrder, OrderPaymentState } from './orders/index.ts';
import { JobQueue, Poller, atMost, stopClaimingScheduledWork, stopScheduledWork } from './jobs/index.ts';
import {
  paymentSetup,
  type PaymentSetup,
  PaymentService,
  PaymentTransitions,
  Reconciler,
  WebhookInbox,
  GatewayError,
  type PaymentGateway,
  type PaymentLimits,
} from './payments/index.ts';
import type { FastifyBaseLogger } from 'fastify';

/** Failed webhook logins one address may make per 15 minutes before it is refused (decision 0023). */
const WEBHOOK_FAILURES = { prefix: 'webhook-failed:ip', failures: 20, windowSeconds: 15 * 60 };
/** Held by the process warming images up, so the others sharing the database leave it to it (decision 0039). */
const IMAGE_WARM_UP_LOCK = 7_242_030;
/** Wrong current passwords a signed-in shopper may give per 15 minutes. */
const PASSWORD_CHECKS_PER_WINDOW = 5;

/** Everything a request handler may need, built once per process. */
export interface Services {
  config: Config;
  database: Database;
  storage: FileStorage;
  media: MediaService;
  /** Variants made in the background: new review photos', and the warm-up's (decision 0039). */
  mediaVariants: BackgroundVariants;
  catalog: CatalogService;
  accessTokens: AccessTokens;
  auth: AuthService;
  carts: CartService;
  wishlists: WishlistService;
  backInStock: BackInStockMails;
  contact: ContactService;
  reviews: ReviewService;
  /** The back office's append-only log of admin actions. */
  audit: AuditLog;
  admin: AdminService;
  /** Staff come in by invitation only (decision 0048). */
  adminInvitations: AdminInvitations;
  /** First-party page views and Web Vitals (decision 0037). */
  analytics: AnalyticsService;
  emailLinks: EmailLinks;
  google: GoogleVerifier | null;
  /** The rate-limit counters every limit shares: Redis with REDIS_URL, else this process's memory. */
  rateLimitStore: RateLimitStore;
  limitAttempts: AttemptLimit;
  /** REVIEWS_PER_HOUR, per shopper. */
  limitReviewWrites: (userId: string) => Promise<void>;
  signInThrottle: SignInThrottle;
  passwordChecks: PasswordCheckThrottle;
  sessions: SessionStore;
  /** What a shopper's new password must also meet (the back office adds its length). */
  newPasswordRules: NewPasswordRules;
  mailTransport: MailTransport;
  mailSender: MailSender;
  orders: OrderService;
  placeOrder: PlaceOrder;
  jobs: JobQueue;
  payments: PaymentService;
  paymentTransitions: PaymentTransitions;
  webhookInbox: WebhookInbox;
  paymentSetup: PaymentSetup;
  paymentLimits: PaymentLimits;
  logger: FastifyBaseLogger;
  shop: ShopSettings;
  origin: string;
  /**
   * Makes, in the background, the variants of every image pages show that storage lacks (decision 0039); one
   * process at a time. The server calls it once it listens; it resolves when done and never throws.
   */
  warmUpImages(): Promise<void>;
  /** Claims no more jobs or mails, from this moment: the first thing a shutdown does (decision 0021). */
  stopClaiming(): void;
  /**
   * Stops scheduled work, giving what runs until `deadline` (a time in ms; 6 s from now by default) less a second
   * kept for closing the rest, then closes the database and the other connections, within the deadline.
   */
  close(options?: { deadline?: number }): Promise<void>;
}

/** How long a close waits at most for the jobs and mails in flight. */
const SCHEDULED_WORK_WAIT_MS = 5000;
/** Kept from a close's time for closing connections after the scheduled work. */
const CLOSING_MS = 1000;

export interface ServiceOverrides {
  /** Use this database instead of the configured one (tests). */
  database?: Database;
  storage?: FileStorage;
  rateLimitStore?: RateLimitStore;
  /** Where log lines go (tests read them); stdout by default. */
  logDestination?: DestinationStream;
}

export async function createServices(config: Config, overrides: ServiceOverrides = {}): Promise<Services> {
  const logger = createLogger(config.LOG_LEVEL, overrides.logDestination);
  const database =
    overrides.database ??
    (await openDatabase({
      url: config.DATABASE_URL,
      dataDir: path.join(config.DATA_DIR, 'pglite'),
      poolSize: config.DATABASE_POOL_SIZE,
      pgliteFsync: config.PGLITE_FSYNC,
      log: (message) => logger.warn(message),
    }));
  const storage = overrides.storage ?? (await storageFromConfig(config));
  const media = new MediaService(database.db, storage);
  const logMedia = (message: string, error?: unknown) =>
    error === undefined ? logger.info(message) : logger.warn({ reason: describeError(error) }, message);
  const mediaVariants = new BackgroundVariants(media, logMedia);
  const origin = publicOrigin(config);
  const outbox = new MailOutbox(database.db);
  const audit = new AuditLog(database);
  const catalog = new CatalogService({
    database,
    mediaBaseUrl: config.MEDIA_BASE_URL,
    outbox,
    audit,
    media,
    lowStock: {
      defaultThreshold: config.LOW_STOCK_THRESHOLD,
      shopName: config.SHOP_NAME,
      shopEmail: config.SHOP_EMAIL,
      origin,
    },
  });

  await database.withStartupLock(async () => {
    logger.info('Migrating the database');
    await database.migrate();
    if (config.SEED_DEMO) {
      // The demo catalogue and its artwork load only here, never in a shop that does not seed.
      const { seedDemoCatalogue } = await import('../demo/seed.ts');
      if (await seedDemoCatalogue(database, media)) logger.info('Seeded the demo catalogue');
    }
  });
  await catalog.start();
  const secret = await sharedSecret(database.db, 'access-token', config.AUTH_SECRET);
  const sessions = new SessionStore(database, config.SESSION_MAX_DAYS);
  await sessions.start();
  const accessTokens = new AccessTokens(secret, config.ACCESS_TOKEN_MINUTES * 60, { sessions });
  const mailTransport = createTransport({ smtpUrl: config.SMTP_URL, from: mailFrom(config), db: database.db });
  // What failed, never a query's parameters: mail bodies carry sign-in links, and job errors never need more.
  const logWarning = (message: string, error?: unknown) =>
    logger.warn(error === undefined ? {} : { reason: describeError(error) }, message);
  const mailSender = new MailSender(database.db, mailTransport, { log: logWarning });
  const jobs = new JobQueue(database.db, logWarning);
  const newPasswordRules = new NewPasswordRules();
  const emailLinks = new EmailLinks(
    database.db,
    outbox,
    sessions,
    { origin, shopName: config.SHOP_NAME },
    newPasswordRules,
  );
  const carts = new CartService(database.db, catalog);
  const wishlists = new WishlistService(database.db, catalog);
  const auth = new AuthService({
    db: database.db,
    accessTokens,
    links: emailLinks,
    sessions,
    forgetUserData: async (tx, userId) => {
      await carts.clear(userId, tx);
      await wishlists.clear(userId, tx);
    },
  });
  const rateLimitStore = overrides.rateLimitStore ?? createRateLimitStore(config.REDIS_URL);
  const admin = new AdminService({
    database,
    auth,
    audit,
    outbox,
    rateLimitStore,
    secretsKey: await loadSecretsKey(config.SECRETS_KEY, config.DATA_DIR),
    issuer: config.SHOP_NAME,
  });
  await admin.start();
  // Whatever ends an account's sessions (a password change or reset, a role change) ends its back-office ones too.
  sessions.alsoEnd((tx, userId) => admin.endSessions(tx, userId));
  newPasswordRules.add((tx, userId, password) => admin.refuseShortAdminPassword(tx, userId, password));
  const adminInvitations = new AdminInvitations({
    database,
    auth,
    audit,
    admin,
    outbox,
    origin,
    shopName: config.SHOP_NAME,
    hours: config.ADMIN_INVITE_HOURS,
  });
  const payment = await paymentSetup(config, database.db, (message) => logger.warn(message));
  const orderPayments = new OrderPaymentState(database.db, catalog);
  const gateway = payment.gateway ?? prepaidOff;
  const paymentTransitions = new PaymentTransitions({
    database,
    orders: orderPayments,
    jobs,
    outbox,
    auth,
    emptyCart: (userId, tx) => carts.clear(userId, tx),
    shopName: config.SHOP_NAME,
    origin,
  });
  const reconciler = new Reconciler({
    database,
    gateway,
    orders: orderPayments,
    transitions: paymentTransitions,
  });
  reconciler.register(jobs);
  const webhookInbox = new WebhookInbox(jobs, reconciler);
  const payments = new PaymentService({
    database,
    gateway,
    orders: orderPayments,
    jobs,
    transitions: paymentTransitions,
    reconciler,
    origin,
    shopName: config.SHOP_NAME,
    expirySeconds: config.PAYMENT_EXPIRY_SECONDS,
  });
  const orders = new OrderService({
    database,
    auth,
    catalog,
    outbox,
    audit,
    mediaBaseUrl: config.MEDIA_BASE_URL,
    shopName: config.SHOP_NAME,
    origin,
    cancelSteps: payments.cancelSteps(),
  });
  orders.register(jobs);
  const reviews = new ReviewService({
    database,
    catalog,
    orders,
    auth,
    media,
    variants: mediaVariants,
    jobs,
    outbox,
    audit,
    mediaBaseUrl: config.MEDIA_BASE_URL,
    origin,
    shopName: config.SHOP_NAME,
    requestDelaySeconds: Math.round(config.REVIEW_REQUEST_DAYS * 24 * 60 * 60),
  });
  reviews.register();
  const backInStock = new BackInStockMails({
    db: database.db,
    catalog,
    jobs,
    outbox,
    auth,
    wishlists,
    linkSecret: await sharedSecret(database.db, 'back-in-stock-links', undefined),
    origin,
    shopName: config.SHOP_NAME,
  });
  backInStock.register();
  mailSender.unsubscribeLinksStartWith(backInStock.stopLinkPrefix);
  const placeOrder = new PlaceOrder({
    database,
    auth,
    catalog,
    carts,
    jobs,
    shipping: shopSettings(config),
    codMaxRupees: config.COD_MAX_RUPEES,
    ordersPerHour: config.ORDERS_PER_HOUR,
    limiter: new RateLimiter(rateLimitStore),
    prepaidAvailable: payment.gateway !== null,
    paymentExpirySeconds: config.PAYMENT_EXPIRY_SECONDS,
    prepaidSteps: payments.orderSteps(),
  });
  const contact = new ContactService({
    database,
    outbox,
    audit,
    messagesPerHour: config.CONTACT_MESSAGES_PER_HOUR,
    limiter: new RateLimiter(rateLimitStore),
    shopName: config.SHOP_NAME,
    shopEmail: config.SHOP_EMAIL,
  });
  const analytics = new AnalyticsService({
    database,
    isProduct: async (slug) => (await catalog.getProductBySlug(slug)) !== undefined,
    limiter: new RateLimiter(rateLimitStore),
    shopBeaconsPerMinute: config.ANALYTICS_BEACONS_PER_MINUTE,
    vitalsPerDay: config.ANALYTICS_VITALS_PER_DAY,
  });
  // One loop runs every process's scheduled work (decision 0019). Tests run it by hand with runDue() and drain().
  const scheduledWork = new Poller(
    async () => {
      await jobs.runDue();
      await mailSender.drain();
    },
    { pollMs: config.JOB_POLL_MS, log: logWarning, name: 'Scheduled work' },
  );
  if (config.NODE_ENV !== 'test') scheduledWork.start();
  const claimers = [jobs, mailSender, mediaVariants];
  const imagesInUse = async (): Promise<ImageInUse[]> => [
    ...(await catalog.imageKeys()).map((key) => ({ key, use: 'catalogue' as const })),
    ...(await reviews.allPhotoKeys()).map((key) => ({ key, use: 'review-photo' as const })),
  ];
  const google = config.GOOGLE_CLIENT_ID
    ? new GoogleVerifier({ clientId: config.GOOGLE_CLIENT_ID, jwksUrl: config.GOOGLE_JWKS_URL })
    : null;

  return {
    config,
    database,
    storage,
    media,
    mediaVariants,
    catalog,
    accessTokens,
    auth,
    carts,
    wishlists,
    backInStock,
    contact,
    reviews,
    audit,
    admin,
    adminInvitations,
    analytics,
    emailLinks,
    google,
    rateLimitStore,
    limitAttempts: attemptLimit(new RateLimiter(rateLimitStore), config.AUTH_ATTEMPTS_PER_MINUTE),
    limitReviewWrites: reviewWriteLimit(new RateLimiter(rateLimitStore), config.REVIEWS_PER_HOUR),
    signInThrottle: new SignInThrottle(rateLimitStore, config.AUTH_ATTEMPTS_PER_MINUTE),
    passwordChecks: new PasswordCheckThrottle(rateLimitStore, PASSWORD_CHECKS_PER_WINDOW),
    sessions,
    newPasswordRules,
    mailTransport,
    mailSender,
    orders,
    placeOrder,
    jobs,
    payments,
    paymentTransitions,
    webhookInbox,
    paymentSetup: payment,
    paymentLimits: {
      calls: new RateLimiter(rateLimitStore),
      webhookFailures: new FailureThrottle(rateLimitStore, WEBHOOK_FAILURES),
    },
    logger,
    shop: shopSettings(config),
    origin,
    warmUpImages: () =>
      warmUpVariants({
        background: mediaVariants,
        imagesInUse,
        alone: (fn) => database.unlessRunningElsewhere(IMAGE_WARM_UP_LOCK, fn),
        log: logMedia,
      }),
    stopClaiming() {
      stopClaimingScheduledWork({ loop: scheduledWork, claimers });
    },
    async close({ deadline = Date.now() + SCHEDULED_WORK_WAIT_MS + CLOSING_MS } = {}) {
      const left = (keep = 0) => Math.max(0, deadline - keep - Date.now());
      stopClaimingScheduledWork({ loop: scheduledWork, claimers });
      await atMost(emailLinks.settled(), left(CLOSING_MS)); // reset mails still being queued after their answer
      // One wait for the jobs and the mails in flight together; what is cut off is left to its short lease.
      await stopScheduledWork({ loop: scheduledWork, claimers }, Math.min(SCHEDULED_WORK_WAIT_MS, left(CLOSING_MS)));
      let failed: { error: unknown } | undefined;
      const closing = (async () => {
        await catalog.stop();
        await sessions.stop();
        await rateLimitStore.close();
        await database.close(); // waits for the statements in flight: a job cut off above may hold one
      })().catch((error: unknown) => (failed = { error }));
      await atMost(closing, Math.max(left(), 100));
      if (failed) throw failed.error;
    },
  };
}

/** The gateway when prepaid is off: nothing new is paid, and what is left over is reported, not lost. */
const prepaidOff: PaymentGateway = {
  createPayment: () => Promise.reject(new GatewayError('unavailable', 'Prepaid payments are off')),
  paymentStatus: () => Promise.reject(new GatewayError('unavailable', 'Prepaid payments are off')),
  refund: () => Promise.reject(new GatewayError('unavailable', 'Prepaid payments are off')),
  refundStatus: () => Promise.reject(new GatewayError('unavailable', 'Prepaid payments are off')),
};

function shopSettings(config: Config): ShopSettings {
  return {
    name: config.SHOP_NAME,
    phone: config.SHOP_PHONE,
    email: config.SHOP_EMAIL,
    facebookUrl: config.SOCIAL_FACEBOOK_URL,
    instagramUrl: config.SOCIAL_INSTAGRAM_URL,
    freeShippingAboveRupees: config.FREE_SHIPPING_ABOVE_RUPEES,
    shippingFeeRupees: config.SHIPPING_FEE_RUPEES,
    reviewMaxFiles: config.REVIEW_MAX_FILES,
  };
}

/** The From header: MAIL_FROM, or the shop's own name and address. */
function mailFrom(config: Config): string {
  return config.MAIL_FROM ?? `"${config.SHOP_NAME.replace(/"/g, '')}" <${config.SHOP_EMAIL}>`;
}
