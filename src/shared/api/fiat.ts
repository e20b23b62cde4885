/**
 * Legal-currency (fiat) orders handled by staff (docs/product.md "Legal currency", docs/decisions/
 * 0054-fiat-orders.md): a user buys or sells USDT or ETH on their legal wallet for money paid outside
 * the platform; staff post the payment instructions, mark the order paid, complete or cancel it.
 * Requests, answers and texts for the server, the Legal currency screen and the staff queue alike.
 */
import { z } from 'zod';
import { LEGAL_CURRENCY_LIMIT } from '../constants.js';
import { AMOUNT_PATTERN, dec } from '../money.js';
import { idParam, staffQueueQuery } from './common.js';
import { defineMessages, msg, schemaError } from '../message.js';

const FIAT_CURRENCIES = ['USDT', 'ETH'] as const;

const FIAT_SIDES = ['buy', 'sell'] as const;
/** pending -> instructions_posted -> paid -> completed; cancelled from any of the first three (0054). */
const FIAT_ORDER_STATUSES = ['pending', 'instructions_posted', 'paid', 'completed', 'cancelled'] as const;

/** The longest payment instructions staff may type (bank name, account holder, IBAN, reference...). */
const FIAT_INSTRUCTIONS_MAX = 1000;

/** Our texts (docs/product.md gives none for these cases). */
export const FIAT_MSG = defineMessages('fiat', {
  chooseSide: 'Please choose buy or sell',
  chooseCurrency: 'Please choose USDT or ETH',
  enterValidAmount: 'Please enter a valid amount',
  belowLimit: `The minimum order is ${LEGAL_CURRENCY_LIMIT} USD`,
  insufficientLegal: 'Insufficient balance in your legal currency account',
  orderPlaced: 'Your order has been placed. Our staff will post the payment instructions here.',
  orderNotFound: 'Order not found',
  ownOrder: 'Staff cannot handle their own orders',
  enterInstructions: 'Please enter the payment instructions',
  instructionsTooLong: `Payment instructions can be at most ${FIAT_INSTRUCTIONS_MAX} characters`,
  invalidAction: 'Action must be instructions, paid, complete or cancel',
  invalidStatusFilter: 'Status must be open, completed or cancelled',
  /** The order is not in a status the action can follow (a second complete, a complete after a cancel). */
  alreadyCompleted: 'This order has already been completed',
  alreadyCancelled: 'This order has already been cancelled',
  notPaidYet: 'Mark the order paid before completing it',
  alreadyPaid: 'This order has already been marked paid',
  instructionsPosted: 'Payment instructions posted',
  markedPaid: 'Order marked paid',
  orderCompleted: 'Order completed',
  orderCancelled: 'Order cancelled',
} as const);

// ---- POST /api-v1/fiat-orders/ ----

export const fiatOrderBody = z.object({
  side: z.enum(FIAT_SIDES, { error: schemaError(msg(FIAT_MSG, 'chooseSide')) }),
  currency: z
    .string({ error: FIAT_MSG.chooseCurrency })
    .trim()
    .toUpperCase()
    .pipe(z.enum(FIAT_CURRENCIES, { error: FIAT_MSG.chooseCurrency })),
  amount: z
    .union([z.string(), z.number()], { error: schemaError(msg(FIAT_MSG, 'enterValidAmount')) })
    .transform((v) => (typeof v === 'number' ? String(v) : v.trim()))
    .refine((v) => AMOUNT_PATTERN.test(v) && dec(v).gt(0), { error: schemaError(msg(FIAT_MSG, 'enterValidAmount')) }),
});
export type FiatOrderBody = z.input<typeof fiatOrderBody>;

export const fiatOrderItem = z.object({
  id: z.number(),
  /** What the user quotes to support and on their payment: 'FO-00000042'. */
  reference: z.string(),
  side: z.enum(FIAT_SIDES),
  currency: z.enum(FIAT_CURRENCIES),
  amount: z.string(),
  status: z.enum(FIAT_ORDER_STATUSES),
  /** The bank details staff posted; null until then. */
  instructions: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type FiatOrderItem = z.infer<typeof fiatOrderItem>;

export const fiatOrderAnswer = z.object({ message: z.string(), order: fiatOrderItem });
export type FiatOrderAnswer = z.infer<typeof fiatOrderAnswer>;

// ---- GET /api-v1/fiat-orders/ (the user's own, newest first) ----

export const fiatOrdersList = z.array(fiatOrderItem);

export const fiatOrderParams = z.object({ id: idParam });

// ---- staff: GET /api-v3/admin/fiat-orders/ and POST /api-v3/admin/fiat-orders/{id}/ ----

export const staffFiatOrdersQuery = staffQueueQuery.extend({
  status: z.enum(['open', 'completed', 'cancelled'], { error: FIAT_MSG.invalidStatusFilter }).default('open'),
});

export const staffFiatOrderItem = fiatOrderItem.extend({ user_id: z.number(), user_email: z.string() });
export type StaffFiatOrderItem = z.infer<typeof staffFiatOrderItem>;
export const staffFiatOrders = z.array(staffFiatOrderItem);

export const FIAT_ACTIONS = ['instructions', 'paid', 'complete', 'cancel'] as const;
export type FiatAction = (typeof FIAT_ACTIONS)[number];

export const staffFiatActionBody = z
  .object({
    action: z.enum(FIAT_ACTIONS, { error: FIAT_MSG.invalidAction }),
    instructions: z
      .string({ error: FIAT_MSG.enterInstructions })
      .trim()
      .max(FIAT_INSTRUCTIONS_MAX, { error: FIAT_MSG.instructionsTooLong })
      .optional(),
  })
  .refine((v) => v.action !== 'instructions' || (v.instructions ?? '') !== '', {
    error: FIAT_MSG.enterInstructions,
    path: ['instructions'],
  });

/** 'FO-00000042': the order's reference, from its id. */
export const fiatReference = (id: number) => `FO-${String(id).padStart(8, '0')}`;
