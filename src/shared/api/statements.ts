/**
 * Statements (docs/decisions/0055-alerts-statements.md): GET /api-v1/statements/?from=&to=&kind= answers
 * the user's transactions or closed trades of a period as a CSV file, its header row in the user's
 * language (users.language), its numbers plain decimals. The query, its texts and the column titles.
 */
import { z } from 'zod';
import { defineMessages } from '../message.js';

export const STATEMENT_KINDS = ['transactions', 'trades'] as const;
export type StatementKind = (typeof STATEMENT_KINDS)[number];

/** The longest period one file covers, in days (from and to included). */
const STATEMENT_MAX_DAYS = 366;
/** Rows one file holds at most; a period with more is refused (choose a shorter one). */
export const STATEMENT_MAX_ROWS = 20_000;

export const STATEMENTS_MSG = defineMessages('statements', {
  invalidKind: 'kind must be transactions or trades',
  invalidFrom: 'from must be a date such as 2026-01-31',
  invalidTo: 'to must be a date such as 2026-01-31',
  fromAfterTo: 'from must be on or before to',
  periodTooLong: 'A statement covers at most 366 days: choose a shorter period',
  tooManyRows: 'This period holds more than 20,000 rows: choose a shorter period',
  /** The header row of each kind's file, in the file's column order. */
  columns: {
    transactions: {
      id: 'ID',
      date: 'Date (UTC)',
      type: 'Type',
      status: 'Status',
      currency: 'Currency',
      amount: 'Amount',
      fee: 'Fee',
      arrival: 'Amount received',
      network: 'Network',
      address: 'Address',
      txHash: 'Transaction hash',
    },
    trades: {
      id: 'ID',
      pair: 'Pair',
      side: 'Side',
      quantity: 'Quantity',
      leverage: 'Leverage',
      entryPrice: 'Entry price',
      closePrice: 'Close price',
      profitLoss: 'P/L (USDT)',
      fees: 'Fees (USDT)',
      status: 'Status',
      openedAt: 'Opened (UTC)',
      closedAt: 'Closed (UTC)',
    },
  },
} as const);

/** A calendar day, YYYY-MM-DD, that exists (2026-02-30 does not). */
const day = (message: string) =>
  z
    .string({ error: message })
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: message })
    .refine(
      (v) => {
        const d = new Date(`${v}T00:00:00Z`);
        return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(v);
      },
      { error: message },
    );

/** Days from `from` to `to`, both included. */
const statementDays = (from: string, to: string) =>
  (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000 + 1;

export const statementQuery = z
  .object({
    kind: z.enum(STATEMENT_KINDS, { error: STATEMENTS_MSG.invalidKind }),
    from: day(STATEMENTS_MSG.invalidFrom),
    to: day(STATEMENTS_MSG.invalidTo),
  })
  .superRefine((q, ctx) => {
    const days = statementDays(q.from, q.to);
    if (days < 1) ctx.addIssue({ code: 'custom', message: STATEMENTS_MSG.fromAfterTo, path: ['from'] });
    else if (days > STATEMENT_MAX_DAYS)
      ctx.addIssue({ code: 'custom', message: STATEMENTS_MSG.periodTooLong, path: ['to'] });
  });
export type StatementQuery = z.infer<typeof statementQuery>;
