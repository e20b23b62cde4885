/**
 * Earn, lock-up subscriptions (docs/decisions/0052-earn.md): SPEC's Pro 15, Pro 30 and Pro 60 as
 * products a user subscribes to with USDT from the funding wallet, their orders (the Mining order tab),
 * early redemption, and the staff page. Requests, answers and texts for the server and the web.
 */
import { z } from 'zod';
import { AMOUNT_DECIMALS, AMOUNT_PATTERN, dec } from '../money.js';
import { decimalString } from './common.js';
import { defineMessages, msg, schemaError } from '../message.js';

export const LOCKUP_STATUSES = ['active', 'matured', 'redeemed'] as const;
export type LockupStatus = (typeof LOCKUP_STATUSES)[number];

export const EARN_MSG = defineMessages('earn', {
  chooseProduct: 'Please choose a lock-up product',
  noSuchProduct: 'This lock-up product does not exist',
  enterAmount: 'Please enter an amount greater than 0',
  amountDecimals: (decimals: string) => `An amount has at most ${decimals} decimals`,
  productClosed: (name: string) => `${name} is closed to new subscriptions. Please choose another product.`,
  outOfRange: (name: string, min: string, max: string) =>
    `${name} locks from ${min} to ${max} USDT. Please enter an amount in that range.`,
  aboveCapacity: (name: string, remaining: string) => `You can lock at most ${remaining} USDT more in ${name}.`,
  insufficient: (needed: string, available: string) =>
    `Insufficient balance: this subscription needs ${needed} USDT in your funding wallet and you have ${available}.`,
  subscribed: 'Locked up',
  orderNotFound: 'This order does not exist',
  notActive: 'This order has already been paid out or redeemed',
  redeemed: 'Redeemed: the principal is back in your funding wallet',
  invalidStatus: 'status must be active, matured or redeemed',
  // Staff
  nothingToChange: 'Send open or yield_percent to change',
  yieldRange: 'The yield is a percentage from 0 to 100 with at most 4 decimals',
  productSaved: 'Product saved',
} as const);

/** One product as a user sees it, with what they may still lock in it (docs/decisions/0052 rule 2). */
export const lockupProduct = z.object({
  id: z.number().int(),
  name: z.string(),
  min: decimalString,
  max: decimalString,
  /** The yield for the whole term, in percent. */
  yield_percent: decimalString,
  /** yield_percent / days, rounded down to 8 places (shown; the yield is computed without rounding it). */
  daily_rate_percent: decimalString,
  days: z.number().int(),
  open: z.boolean(),
  /** max minus the principal of the user's active orders in this product, never below 0. */
  remaining: decimalString,
});
export type LockupProduct = z.infer<typeof lockupProduct>;
export const lockupProducts = z.array(lockupProduct);

export const lockupOrder = z.object({
  id: z.number().int(),
  product_id: z.number().int(),
  product_name: z.string(),
  amount: decimalString,
  yield_percent: decimalString,
  days: z.number().int(),
  status: z.enum(LOCKUP_STATUSES),
  started_at: z.string(),
  matures_at: z.string(),
  /** Yield accrued for the whole days elapsed (active), what was paid (matured), 0 (redeemed). */
  yield_earned: decimalString,
  /** What the order pays at maturity: amount x yield_percent / 100. */
  yield_at_maturity: decimalString,
  settled_at: z.string().nullable(),
});
export type LockupOrder = z.infer<typeof lockupOrder>;
export const lockupOrders = z.array(lockupOrder);

/** A positive amount with at most 8 decimals (numbers are accepted and canonicalised). */
const amountInput = z
  .union([z.string(), z.number()], { error: schemaError(msg(EARN_MSG, 'enterAmount')) })
  .transform((v) => (typeof v === 'number' ? String(v) : v.trim()))
  .refine((v) => /^\d{1,18}(\.\d+)?$/.test(v) && dec(v).gt(0), {
    error: schemaError(msg(EARN_MSG, 'enterAmount')),
    abort: true,
  })
  .refine((v) => AMOUNT_PATTERN.test(dec(v).toFixed()), {
    error: schemaError(msg(EARN_MSG, 'amountDecimals', String(AMOUNT_DECIMALS))),
  })
  .transform((v) => dec(v).toFixed());

const productIdInput = z.coerce
  .number({ error: EARN_MSG.chooseProduct })
  .int({ error: EARN_MSG.chooseProduct })
  .positive({ error: EARN_MSG.chooseProduct })
  .max(2 ** 31 - 1, { error: EARN_MSG.noSuchProduct });

/** POST /api-v1/lockup-orders/ */
export const lockupSubscribeBody = z.object({ product_id: productIdInput, amount: amountInput });
export type LockupSubscribeBody = z.infer<typeof lockupSubscribeBody>;

/** GET /api-v1/lockup-orders/?status= */
export const lockupOrdersQuery = z.object({
  status: z.enum(LOCKUP_STATUSES, { error: EARN_MSG.invalidStatus }).optional(),
});

export const lockupOrderAnswer = z.object({ message: z.string(), order: lockupOrder });
export type LockupOrderAnswer = z.infer<typeof lockupOrderAnswer>;

// ---- staff ----

const earnStaffProduct = lockupProduct.omit({ remaining: true }).extend({
  /** Principal of the active orders. */
  locked: decimalString,
  active_orders: z.number().int(),
  /** What the active orders will pay as yield at maturity. */
  yield_owed: decimalString,
});

/** GET /api-v3/admin/earn/ */
export const earnOverview = z.object({
  products: z.array(earnStaffProduct),
  locked: decimalString,
  yield_owed: decimalString,
  /** Yield paid so far by matured orders (the house account earn_yield's expense). */
  yield_paid: decimalString,
  /** Active orders by day of maturity (UTC), soonest first. */
  maturities: z.array(
    z.object({ day: z.string(), orders: z.number().int(), principal: decimalString, yield: decimalString }),
  ),
});
export type EarnOverview = z.infer<typeof earnOverview>;

/** PUT /api-v3/admin/earn/products/{id}/ */
export const earnProductBody = z
  .object({
    open: z.boolean({ error: EARN_MSG.nothingToChange }).optional(),
    yield_percent: z
      .union([z.string(), z.number()], { error: EARN_MSG.yieldRange })
      .transform((v) => (typeof v === 'number' ? String(v) : v.trim()))
      .refine((v) => /^\d{1,3}(\.\d{1,4})?$/.test(v) && dec(v).lte(100), { error: EARN_MSG.yieldRange })
      .transform((v) => dec(v).toFixed())
      .optional(),
  })
  .refine((v) => v.open !== undefined || v.yield_percent !== undefined, { error: EARN_MSG.nothingToChange });
export type EarnProductBody = z.infer<typeof earnProductBody>;

export const earnProductSaved = z.object({ message: z.string(), product: earnStaffProduct });
