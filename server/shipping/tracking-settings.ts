// The tracking side's settings (issue 34, decision 0074): the webhook's token and how long a parcel may go unscanned.
import { z } from 'zod';
import { secret } from '../platform/kernel/setting-types.ts';

/**
 * The token a local shop takes when SHIPROCKET_WEBHOOK_TOKEN is unset: the simulator sends it as x-api-key. Never
 * accepted in production, where the setting is required for the webhook to accept anything.
 */
export const SIMULATOR_SHIPROCKET_WEBHOOK_TOKEN = 'local-shiprocket-simulator-webhook-token';

export const trackingSettings = z.object({
  /** The token set in Shiprocket's dashboard for the tracking webhook; Shiprocket sends it as x-api-key. */
  SHIPROCKET_WEBHOOK_TOKEN: secret(z.string().min(8, 'must be at least 8 characters').max(200).optional()),
  /** A parcel not delivered or returned with no scan for this many hours is tracked by asking the courier. */
  SHIPPING_TRACK_CHECK_HOURS: z.coerce
    .number({ error: 'must be a number of hours' })
    .positive('must be more than 0')
    .max(24 * 30, 'must be at most 720')
    .default(24),
});

/** The webhook token in force: the setting, else the simulator's outside production; null refuses every webhook. */
export function webhookTokenOf(token: string | undefined, nodeEnv: string): string | null {
  if (token) return token;
  return nodeEnv === 'production' ? null : SIMULATOR_SHIPROCKET_WEBHOOK_TOKEN;
}
