// The shipping module's settings (decisions 0073, 0074): Shiprocket's API user, the pickup address, the webhook's
// token, how long a parcel may go unscanned.
import { z } from 'zod';
import { httpUrl, secret, shownValue } from '../platform/kernel/setting-types.ts';
import { SHIPROCKET_API_URL } from './shiprocket.ts';

export const shippingSettings = z.object({
  /** Shiprocket's API user (panel: Settings > API). Unset: the local simulator, or manual shipping in production. */
  SHIPROCKET_EMAIL: z.string().min(1).optional(),
  SHIPROCKET_PASSWORD: secret(z.string().min(1).optional()),
  /** The pickup address's nickname in Shiprocket's panel, e.g. "Primary". */
  SHIPROCKET_PICKUP_LOCATION: z.string().min(1).optional(),
  /** The pickup address's PIN: serviceability asks from here. */
  SHIPROCKET_PICKUP_PIN: z
    .string()
    .regex(/^[1-9]\d{5}$/, 'must be a 6-digit PIN code not starting with 0')
    .optional(),
  /** The token set beside the webhook URL in Shiprocket's panel: tracking webhooks carry it as `x-api-key`. */
  SHIPROCKET_WEBHOOK_TOKEN: secret(z.string().min(8, 'must be at least 8 characters').optional()),
  SHIPROCKET_API_URL: httpUrl.default(SHIPROCKET_API_URL),
  /** How long one call to Shiprocket may take before it is retried (within bounds) or given up. */
  SHIPROCKET_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(10_000),
  /** A parcel not delivered or returned with no scan for this many hours is tracked by asking the courier. */
  SHIPPING_TRACK_CHECK_HOURS: z.coerce
    .number({ error: 'must be a number of hours' })
    .positive('must be more than 0')
    .max(24 * 30, 'must be at most 720')
    .default(24),
});

export type ShippingSettings = z.output<typeof shippingSettings>;

const REQUIRED_WITH_SHIPROCKET = [
  'SHIPROCKET_PASSWORD',
  'SHIPROCKET_PICKUP_LOCATION',
  'SHIPROCKET_PICKUP_PIN',
  'SHIPROCKET_WEBHOOK_TOKEN',
] as const;

/** A deployed shop's webhook token is the webhook's only credential. */
const PRODUCTION_WEBHOOK_TOKEN_MIN = 16;

/** What Shiprocket's settings need together, and what a deployed shop refuses of them. */
export function checkShippingSettings(present: Readonly<Record<string, string | undefined>>): string[] {
  const lines: string[] = [];
  if (present.SHIPROCKET_EMAIL) {
    for (const key of REQUIRED_WITH_SHIPROCKET) {
      if (!present[key])
        lines.push(`  ${key} is required with SHIPROCKET_EMAIL (shipping through Shiprocket needs it)`);
    }
  }
  if (present.NODE_ENV === 'production') {
    const url = present.SHIPROCKET_API_URL;
    if (url && /^http:/i.test(url))
      lines.push(`  SHIPROCKET_API_URL=${shownValue(url)} must use https:// when NODE_ENV=production`);
    const token = present.SHIPROCKET_WEBHOOK_TOKEN;
    if (token && token.length >= 8 && token.length < PRODUCTION_WEBHOOK_TOKEN_MIN)
      lines.push(
        `  SHIPROCKET_WEBHOOK_TOKEN must be at least ${PRODUCTION_WEBHOOK_TOKEN_MIN} characters when NODE_ENV=production ` +
          "(it is the tracking webhook's only credential)",
      );
  }
  return lines;
}
