// The payments module's settings (decision 0019): PhonePe's credentials and hosts, and how long an unpaid order waits.
import { z } from 'zod';
import { bool, httpUrl, origins, secret } from '../platform/kernel/setting-types.ts';
import { shownValue } from '../platform/kernel/setting-types.ts';

export const paymentSettings = z.object({
  /** PhonePe's credentials (decision 0019). Unset: the local simulator outside production, no prepaid in it. */
  PHONEPE_CLIENT_ID: z.string().min(1).optional(),
  PHONEPE_CLIENT_SECRET: secret(z.string().min(1).optional()),
  PHONEPE_CLIENT_VERSION: z.coerce.number().int().min(1).default(1),
  /**
   * Picks PhonePe's hosts; PHONEPE_AUTH_URL and PHONEPE_API_URL override them. Defaults to production when
   * NODE_ENV=production (paymentSettingDefaults), where sandbox is refused unless PHONEPE_ALLOW_SANDBOX=true.
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
  PHONEPE_WEBHOOK_PASSWORD: secret(
    z.string().min(8, 'must be 8 to 20 characters').max(20, 'must be 8 to 20 characters').optional(),
  ),
  PHONEPE_CHECKOUT_SCRIPT_URL: httpUrl.default('https://mercury.phonepe.com/web/bundle/checkout.js'),
  /** How long one call to the gateway may take before it is given up (and retried, within bounds). */
  PHONEPE_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(10_000),
  /** How long an unpaid prepaid order holds its stock. PhonePe takes 300 to 3600; less only outside production. */
  PAYMENT_EXPIRY_SECONDS: z.coerce.number().int().min(1).max(3600).default(1200),
});

export type PaymentSettings = z.output<typeof paymentSettings>;

/** With PhonePe's client id, the rest of what the gateway needs. */
const REQUIRED_WITH_PHONEPE = [
  'PHONEPE_CLIENT_SECRET',
  'PHONEPE_WEBHOOK_USERNAME',
  'PHONEPE_WEBHOOK_PASSWORD',
] as const;

/** The gateway settings that must be https in production: payment traffic and the pay page are never plain text. */
const GATEWAY_URL_SETTINGS = [
  'PHONEPE_AUTH_URL',
  'PHONEPE_API_URL',
  'PHONEPE_CHECKOUT_SCRIPT_URL',
  'PHONEPE_PAY_PAGE_ORIGINS',
] as const;

/** PhonePe's shortest webhook password is 8 characters; a deployed shop's is its only webhook credential. */
const PRODUCTION_WEBHOOK_PASSWORD_MIN = 16;

const isOn = (value: string | undefined) => bool.safeParse(value ?? 'false').data === true;

/** A deployed shop takes real payments unless told otherwise; a local one tries PhonePe's sandbox. */
export const paymentSettingDefaults = (present: Readonly<Record<string, string | undefined>>) => ({
  PHONEPE_ENV: present.NODE_ENV === 'production' ? 'production' : 'sandbox',
});

/** What the gateway's settings need together, and what a deployed shop refuses of them. */
export function checkPaymentSettings(present: Readonly<Record<string, string | undefined>>): string[] {
  const lines: string[] = [];
  if (present.NODE_ENV === 'production') {
    const expiry = Number(present.PAYMENT_EXPIRY_SECONDS ?? 1200);
    if (expiry < 300) lines.push('  PAYMENT_EXPIRY_SECONDS must be at least 300 when NODE_ENV=production');
    lines.push(...productionGatewayProblems(present));
  }
  if (present.PHONEPE_CLIENT_ID) {
    for (const key of REQUIRED_WITH_PHONEPE) {
      if (!present[key]) lines.push(`  ${key} is required with PHONEPE_CLIENT_ID (prepaid payments need it)`);
    }
  }
  return lines;
}

/** What a deployed shop refuses of its gateway settings: the sandbox unless allowed, plain http, a short password. */
function productionGatewayProblems(present: Readonly<Record<string, string | undefined>>): string[] {
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
      lines.push(`  ${key}=${shownValue(value)} must use https:// when NODE_ENV=production`);
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
