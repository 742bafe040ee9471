// The kinds of value settings take, shared by every module's slice (decision 0058).
import { z } from 'zod';

/** A setting the shop cannot start with: its message names the variable. */
export class ConfigError extends Error {}

/** true/false, 1/0, yes/no, on/off. */
export const bool = z.stringbool({ truthy: ['true', '1', 'yes', 'on'], falsy: ['false', '0', 'no', 'off'] });
export const rupees = z.coerce.number().min(0, 'must be 0 or more').max(1_000_000, 'must be at most 1000000');
export const httpUrl = z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' });

/** A value never shown in messages or logs: `hidden` is replaced outright, `url` has its password masked. */
export const secret = <T extends z.ZodType>(schema: T, shown: 'hidden' | 'url' = 'hidden'): T =>
  schema.meta({ secret: shown }) as T;

/** How a setting's value may be shown: from its schema's `secret` mark. */
export function secrecyOf(schema: z.ZodType | undefined): 'hidden' | 'url' | undefined {
  const mark = schema?.meta()?.secret;
  return mark === 'hidden' || mark === 'url' ? mark : undefined;
}

/** An origin as URL.origin writes it, or null when `entry` is not a bare http(s) origin (no path, query or user). */
function originOf(entry: string): string | null {
  const url = URL.canParse(entry) ? new URL(entry) : null;
  const bare = url && /^https?:$/.test(url.protocol) && url.pathname === '/' && !url.search && !url.hash;
  return bare && !url.username ? url.origin : null;
}

/** Comma-separated origins. */
export const origins = z.string().transform((value, context) => {
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

/** A value as an error message may show it: secrets are replaced, passwords inside URLs masked. */
export function shownValue(value: string | undefined, secrecy?: 'hidden' | 'url'): string {
  if (value === undefined) return '""';
  if (secrecy === 'hidden') return '(hidden)';
  if (secrecy === 'url') {
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
