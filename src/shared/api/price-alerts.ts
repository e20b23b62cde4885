/**
 * Price alerts (docs/decisions/0055-alerts-statements.md): "BTCUSDT above 75000", "below", or "moves
 * 5 % in 24 h", set from a pair's screen, fired once when the served price crosses, then pushed and
 * mailed as a notification (kind price_alert). The requests, the answers and their texts.
 */
import { z } from 'zod';
import { AMOUNT_PATTERN } from '../money.js';
import { defineMessages } from '../message.js';

/** Alerts a user may keep (fired ones included, until deleted). */
export const PRICE_ALERTS_MAX = 50;

export const PRICE_ALERT_CONDITIONS = ['above', 'below', 'move'] as const;
export type PriceAlertCondition = (typeof PRICE_ALERT_CONDITIONS)[number];

/** Texts of the price alerts API. */
export const PRICE_ALERTS_MSG = defineMessages('priceAlerts', {
  invalidSymbol: 'symbol must be a pair we quote, such as BTCUSDT',
  invalidCondition: 'condition must be above, below or move',
  invalidPrice: 'Enter a price above 0 with at most 8 decimals',
  invalidPercent: 'Enter a move from 0.1 to 100 percent with at most 2 decimals',
  nothingToChange: 'Send the condition and value to change',
  tooMany: 'You can keep at most 50 price alerts: delete one first',
  noPrice: 'This pair has no price right now: try again in a moment',
  alreadyAbove: 'The price is already at or above this value: choose a higher price, or "below"',
  alreadyBelow: 'The price is already at or below this value: choose a lower price, or "above"',
  notFound: 'Price alert not found',
  created: 'Price alert set',
  saved: 'Price alert saved',
  deleted: 'Price alert deleted',
} as const);

const PERCENT_PATTERN = /^(0|[1-9]\d{0,2})(\.\d{1,2})?$/;

const symbolInput = z
  .string({ error: PRICE_ALERTS_MSG.invalidSymbol })
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9]{2,20}USDT$/, { error: PRICE_ALERTS_MSG.invalidSymbol });

const conditionInput = z.enum(PRICE_ALERT_CONDITIONS, { error: PRICE_ALERTS_MSG.invalidCondition });

/** A price (above, below) or a percentage (move), as a decimal string; numbers are accepted too. */
const valueInput = z
  .union([z.string(), z.number()], { error: PRICE_ALERTS_MSG.invalidPrice })
  .transform((v) => (typeof v === 'number' ? String(v) : v.trim()));

/** Whether `value` suits `condition`: a price above 0, or a move from 0.1 % to 100 %; else the message. */
export function priceAlertValueError(condition: PriceAlertCondition, value: string): string | null {
  if (condition === 'move') {
    if (!PERCENT_PATTERN.test(value)) return PRICE_ALERTS_MSG.invalidPercent;
    const n = Number(value); // a bound check of at most 5 digits, never money
    return n >= 0.1 && n <= 100 ? null : PRICE_ALERTS_MSG.invalidPercent;
  }
  return AMOUNT_PATTERN.test(value) && /[1-9]/.test(value) ? null : PRICE_ALERTS_MSG.invalidPrice;
}

const checkValue = (v: { condition: PriceAlertCondition; value: string }, ctx: z.RefinementCtx) => {
  const error = priceAlertValueError(v.condition, v.value);
  if (error) ctx.addIssue({ code: 'custom', message: error, path: ['value'] });
};

// ---- POST /api-v1/price-alerts/ ----

export const priceAlertBody = z
  .object({ symbol: symbolInput, condition: conditionInput, value: valueInput })
  .superRefine(checkValue);
export type PriceAlertBody = z.input<typeof priceAlertBody>;

// ---- PATCH /api-v1/price-alerts/{id}/: a new condition and value, and armed again ----

export const priceAlertPatchBody = z
  .object({ condition: conditionInput, value: valueInput }, { error: PRICE_ALERTS_MSG.nothingToChange })
  .superRefine(checkValue);
export type PriceAlertPatchBody = z.input<typeof priceAlertPatchBody>;

export const priceAlertItem = z.object({
  id: z.number(),
  symbol: z.string(),
  condition: z.enum(PRICE_ALERT_CONDITIONS),
  /** The price (above, below), or the percentage (move), a decimal string. */
  value: z.string(),
  created_at: z.string(),
  /** When it fired (once), or null while it waits. */
  fired_at: z.string().nullable(),
  /** The served price that fired it. */
  fired_price: z.string().nullable(),
});
export type PriceAlertItem = z.infer<typeof priceAlertItem>;

export const priceAlertList = z.object({ max: z.number(), results: z.array(priceAlertItem) });
export type PriceAlertList = z.infer<typeof priceAlertList>;

export const priceAlertAnswer = z.object({ message: z.string(), alert: priceAlertItem });
export type PriceAlertAnswer = z.infer<typeof priceAlertAnswer>;
