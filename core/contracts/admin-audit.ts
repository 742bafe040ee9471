/**
 * The back office's audit log, read (issue 22, decision 0033): every admin action, newest first, found by admin,
 * action, target and date.
 */
import { z } from './zod.ts';
import { endpoint } from './endpoint.ts';
import { ADMIN_PAGE, adminErrors, listLimitSchema } from './admin-lists.ts';
import { MAX, SINGLE_LINE_TEXT, optionalText, shownList, shownText, shownTime } from './fields.ts';

/** An IPv6 address in its longest text form, with an IPv4 tail. */
const IP_MAX = 45;

const DATE_TEXT_MAX = 40;

const DATE_MESSAGE = 'Dates are written YYYY-MM-DD, or as a full ISO date and time';

/** A day (`2026-11-27`, read in India's time: the shop's day) or an exact ISO instant; empty means none. */
const dateSchema = (end: 'start' | 'end') =>
  z
    .string()
    .trim()
    // A day, or a moment as ISO 8601 writes it with its fractions and zone: 2026-11-27T09:30:00.000+05:30.
    .max(DATE_TEXT_MAX, DATE_MESSAGE)
    .regex(SINGLE_LINE_TEXT, DATE_MESSAGE)
    .default('')
    .transform((text, context) => {
      if (!text) return undefined;
      const day = /^\d{4}-\d{2}-\d{2}$/.test(text);
      const at = new Date(day ? `${text}T${end === 'start' ? '00:00:00.000' : '23:59:59.999'}+05:30` : text);
      if (Number.isNaN(at.getTime())) {
        context.addIssue({ code: 'custom', message: DATE_MESSAGE });
        return z.NEVER;
      }
      return at;
    });

export const auditEntrySchema = z.object({
  id: z.number().int(),
  at: shownTime(),
  adminEmail: shownText(MAX.email),
  action: shownText(MAX.line),
  targetType: shownText(MAX.line),
  targetId: shownText(MAX.line),
  /** The changed fields' values before and after, as the module recorded them. */
  before: z.unknown(),
  after: z.unknown(),
  ip: shownText(IP_MAX),
  reason: shownText(MAX.line).nullable(),
});
export type AuditEntryView = z.infer<typeof auditEntrySchema>;

export const auditSearchSchema = z.object({
  /** The admin's e-mail, exactly (any case). */
  admin: optionalText(MAX.email),
  /** An action (`review.hide`) or its thing (`review`: every review action). */
  action: optionalText(MAX.line),
  targetType: optionalText(MAX.line),
  targetId: optionalText(MAX.line),
  from: dateSchema('start'),
  to: dateSchema('end'),
  /** The previous page's `next`: older entries. */
  before: z.coerce
    .number({ error: 'before must be an entry id' })
    .int('before must be an entry id')
    .min(1, 'before must be an entry id')
    .optional(),
  limit: listLimitSchema,
});

export const auditLogEndpoint = endpoint({
  method: 'GET',
  path: '/api/admin/audit',
  querystring: auditSearchSchema,
  responses: {
    200: z.object({
      entries: shownList(auditEntrySchema, ADMIN_PAGE.max),
      /** The `before` of the next (older) page; null on the last. */
      next: z.number().int().nullable(),
    }),
    ...adminErrors,
  },
});
