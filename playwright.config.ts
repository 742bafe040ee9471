import { defineConfig, devices } from '@playwright/test';
import { SMTP_PORT } from './tests/e2e/mail-catcher.ts';
import { JOURNEY_OWNER, JOURNEY_OWNER_OUTPUT } from './tests/e2e/owner.ts';

const PORT = Number(process.env.E2E_PORT ?? 3100);
/**
 * Prepaid checkout runs against shops of its own (tests/e2e/payments.spec.ts): local ones (NODE_ENV development,
 * no PhonePe credentials), where the shop's PhonePe simulator stands in for the gateway; one lets an unpaid order
 * expire in seconds. The main shop is a production one without credentials: prepaid is off there.
 */
export const E2E_SHOPS = {
  main: `http://127.0.0.1:${PORT}`,
  payments: `http://127.0.0.1:${PORT + 1}`,
  quickExpiry: `http://127.0.0.1:${PORT + 2}`,
};
/**
 * How long an unpaid prepaid order holds its stock on the quickExpiry shop: long enough that a loaded CI machine
 * checks the held stock before it returns (at 5 s, CI once took 6 s from the order to that check).
 */
export const QUICK_PAYMENT_EXPIRY_SECONDS = 15;
const MOBILE_JOURNEYS = [
  /mobile\.spec/,
  /storefront\.spec/,
  /cart\.spec/,
  /checkout\.spec/,
  /accessibility\.spec/,
  /javascript-budget\.spec/,
];
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** End-to-end journeys in Debian's Chromium against the production build on a fresh PGlite data directory. */
export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  // A CI runner has run this suite three to six times slower than an idle machine (the shop list page 4.9 s here,
  // 31.6 s there): a test's time limit catches a hang, not a slow machine.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  globalSetup: './tests/e2e/global-setup.ts',
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    trace: 'retain-on-failure',
    launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS },
  },
  projects: [
    {
      name: 'desktop',
      testIgnore: [/mobile\.spec/, /payments\.spec/],
      use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } },
    },
    {
      // The journeys that differ on a phone (issue 32): its menu, gallery and footer, the storefront's and the cart's
      // and checkout's layouts, accessibility at its width and what it downloads. The rest works alike on both.
      name: 'mobile',
      testMatch: MOBILE_JOURNEYS,
      use: {
        viewport: { width: 390, height: 844 },
        deviceScaleFactor: 3,
        isMobile: true,
        hasTouch: true,
        userAgent: devices['Pixel 7'].userAgent,
      },
    },
    {
      name: 'payments',
      testMatch: /payments\.spec/,
      use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 }, baseURL: E2E_SHOPS.payments },
    },
  ],
  webServer: [
    shop(
      PORT,
      '.cache/e2e-data',
      // A deployed shop needs its own SECRETS_KEY (decision 0047); this one is the suite's, public like the suite.
      { NODE_ENV: 'production', API_DOCS: 'true', SECRETS_KEY: '5e'.repeat(32) },
      'tsx tests/e2e/create-owner.ts',
    ),
    shop(
      PORT + 1,
      '.cache/e2e-payments-data',
      { NODE_ENV: 'development' },
      `mkdir -p .cache && npm run -s admin:create -- --email ${JOURNEY_OWNER.email} --password ${JOURNEY_OWNER.password} > ${JOURNEY_OWNER_OUTPUT}`,
    ),
    shop(PORT + 2, '.cache/e2e-quick-expiry-data', {
      NODE_ENV: 'development',
      PAYMENT_EXPIRY_SECONDS: String(QUICK_PAYMENT_EXPIRY_SECONDS),
    }),
  ],
});

/**
 * The production build of the shop on a fresh PGlite data directory (E2E_SHOPS); `before` runs on that directory
 * first, while nothing else holds it (the main shop's back-office owners, tests/e2e/create-owner.ts).
 */
function shop(port: number, dataDir: string, env: Record<string, string>, before?: string) {
  return {
    command: `rm -rf ${dataDir} && ${before ? `${before} && ` : ''}tsx server/main.ts`,
    url: `http://127.0.0.1:${port}/api/health`,
    timeout: 180_000,
    reuseExistingServer: false,
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      // Mail goes to the suite's own SMTP server (tests/e2e/mail-catcher.ts), checked every half second.
      SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`,
      MAIL_POLL_MS: '500',
      // The journeys do not wait for minutes of image encoding in the background (decision 0039's own test does).
      IMAGE_WARM_UP: 'false',
      // Every journey's shopper comes from this machine's one address, in parallel (decision 0041).
      API_RATE_LIMIT_PER_ADDRESS_PER_MINUTE: '100000',
      ...env,
    },
  };
}
