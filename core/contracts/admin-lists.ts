/**
 * What the back office's lists share (issue 22): a page size, a search text, and the answers every `/api/admin/*`
 * route may give besides its own.
 */
import { z } from './zod.ts';
import { MAX, messageSchema, optionalText } from './fields.ts';

export const ADMIN_PAGE = { default: 50, max: 100 } as const;
/**
 * The most entries of one record's history the back office shows (an order's payment changes, refunds and audit
 * entries, a message's replies): the queries stop there, oldest first.
 */
export const ADMIN_HISTORY_MAX = 200;
const LIMIT_MESSAGE = `limit must be a whole number from 1 to ${ADMIN_PAGE.max}`;

/** How many rows a page holds. */
export const listLimitSchema = z.coerce
  .number({ error: LIMIT_MESSAGE })
  .int(LIMIT_MESSAGE)
  .min(1, LIMIT_MESSAGE)
  .max(ADMIN_PAGE.max, LIMIT_MESSAGE)
  .default(ADMIN_PAGE.default);

/** Words to look for, as typed into a list's search box; empty finds everything. */
export const searchSchema = optionalText(MAX.line);

/** Why an admin did something, kept in the audit log; optional where the action does not require one. */
export const reasonSchema = optionalText(MAX.line);

/** The answers of every back-office route: a bad request, and anyone the admin guard does not let in. */
export const adminErrors = { 400: messageSchema, 403: messageSchema } as const;
