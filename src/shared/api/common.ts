/** Pieces every API schema uses: the error body, money strings, ids. */
import { z } from 'zod';
import { AMOUNT_PATTERN } from '../money.js';
import { SERVER_MSG } from '../server-messages.js';
import { defineMessages, msg, schemaError } from '../message.js';

const messageCode = z.object({ code: z.string(), params: z.record(z.string(), z.string()).optional() });

/**
 * Every non-2xx answer: a human message (English), and per-field messages for form errors; beside them
 * the messages' stable codes (shared/message-codes.ts) so a client shows them in its language.
 */
export const errorBody = z.object({
  error: z.string(),
  code: z.string().optional(),
  params: z.record(z.string(), z.string()).optional(),
  fields: z.record(z.string(), z.string()).optional(),
  field_codes: z.record(z.string(), messageCode).optional(),
});
export type ErrorBody = z.infer<typeof errorBody>;

export const messageBody = z.object({ message: z.string() });
export type MessageBody = z.infer<typeof messageBody>;

/** A decimal string a user typed: non-negative, at most 8 places. Numbers are accepted and canonicalised. */
export const amountInput = (label = 'Amount') =>
  z
    .union([z.string(), z.number()], { error: schemaError(msg(SERVER_MSG, 'notANumber', label)) })
    .transform((v) => (typeof v === 'number' ? String(v) : v.trim()))
    .refine((v) => AMOUNT_PATTERN.test(v), { error: schemaError(msg(SERVER_MSG, 'notAnAmount', label)) });

/** A decimal string in responses. */
export const decimalString = z.string();

export const emailInput = z
  .string({ error: SERVER_MSG.emailRequired })
  .trim()
  .min(1, { error: SERVER_MSG.emailRequired })
  .max(254, { error: SERVER_MSG.emailTooLong })
  .pipe(z.email({ error: SERVER_MSG.invalidEmail }))
  .transform((v) => v.toLowerCase());

export const otpInput = z
  .string({ error: SERVER_MSG.otpRequired })
  .trim()
  .regex(/^\d{6}$/, { error: SERVER_MSG.otpDigits });

export const idParam = z.coerce
  .number({ error: SERVER_MSG.invalidId })
  .int({ error: SERVER_MSG.invalidId })
  .positive({ error: SERVER_MSG.invalidId })
  .max(2 ** 53 - 1, { error: SERVER_MSG.invalidId });

// ---- pages of the staff queues (docs/decisions/0020-abuse-limits.md) ----

/** Items a staff queue answers by default: a bounded page, so a flood of requests cannot bury the rest. */
export const STAFF_PAGE_SIZE = 50;
/** The largest page a staff queue answers. */
export const STAFF_PAGE_MAX = 200;
const invalidPageLimit = schemaError(msg(SERVER_MSG, 'pageLimit', String(STAFF_PAGE_MAX)));

export const staffPageLimit = z.coerce
  .number({ error: invalidPageLimit })
  .int({ error: invalidPageLimit })
  .min(1, { error: invalidPageLimit })
  .max(STAFF_PAGE_MAX, { error: invalidPageLimit })
  .default(STAFF_PAGE_SIZE);

/**
 * A page of a queue served oldest first (pending transactions, unverified users): `after` is the
 * cursor of the last item seen (its transaction_id, its verification_id). A full page may have a
 * next one; a shorter page is the end of the queue.
 */
export const staffQueueQuery = z.object({
  after: idParam.optional(),
  limit: staffPageLimit,
});
export type StaffQueueQuery = z.infer<typeof staffQueueQuery>;

// ---- sorted staff tables (docs/architecture.md "Staff console at a desk") ----

export const SORT_MSG = defineMessages('sort', {
  invalidSort: 'Unknown sort column',
  invalidOrder: 'Order must be asc or desc',
} as const);

export type SortOrder = 'asc' | 'desc';

/**
 * `sort` is one of the list's allow-listed column names (the server maps each to a column, never a
 * client string to SQL); `order` asc or desc.
 */
export const sortParams = <const K extends readonly [string, ...string[]]>(keys: K) => ({
  sort: z.enum(keys, { error: SORT_MSG.invalidSort }).optional(),
  order: z.enum(['asc', 'desc'], { error: SORT_MSG.invalidOrder }).optional(),
});
