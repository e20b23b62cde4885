/**
 * Spot orders (docs/decisions/0026-spot-orders.md, docs/architecture.md "Spot orders",
 * docs/decisions/0026-spot-orders.md): buy and sell coins for USDT in the funding wallet, the house
 * as counterparty. Requests, answers and texts for the server and the Exchange screen alike.
 */
import { z } from 'zod';
import { MIN_ORDER_NOTIONAL, ORDER_TYPES, QUOTE_CURRENCY, TRADE_SIDES } from '../constants.js';
import { normalSpotSymbol, spotPairOf } from '../market.js';
import { AMOUNT_PATTERN, dec } from '../money.js';
import { decimalString } from './common.js';
import { defineMessages, msg, schemaError, schemaIssue, type Message } from '../message.js';

/** Our texts (the server answers them; the Exchange screen shows the same). */
/**
 * The texts of SPOT_MSG's functions that pick a sentence or repeat an argument: one entry each, so
 * each has a stable code and a translation (docs/decisions/0043-languages.md, src/shared/message-codes.ts).
 */
const SPOT_TEXTS = {
  wholeUnits: (coin: string) => `${coin} is bought and sold in whole units: please enter a quantity without decimals`,
  insufficientOf: (needed: string, currency: string, available: string, sameCurrency: string) =>
    `Insufficient balance: this order needs ${needed} ${currency} in your funding wallet and you have ${available} ${sameCurrency}.`,
} as const;

export const SPOT_MSG = defineMessages('spot', {
  chooseSymbol: 'Please choose a pair, e.g. BTCUSDT',
  unknownSymbol: (symbol: string) => `${symbol} cannot be traded on the spot market`,
  chooseSide: 'Please choose buy or sell',
  chooseType: 'Order type must be market or limit',
  enterQuantity: 'Please enter a valid quantity (a positive number)',
  quantityDecimals: (coin: string, decimals: number) =>
    decimals === 0 ? SPOT_TEXTS.wholeUnits(coin) : `A ${coin} quantity has at most ${decimals} decimals`,
  enterPrice: 'Please enter a valid limit price for a limit order',
  priceDecimals: (coin: string, decimals: number) =>
    `A ${coin}/${QUOTE_CURRENCY} price has at most ${decimals} decimals`,
  priceOnMarket: 'A market order trades at the current price: leave the price out, or place a limit order',
  belowMinNotional: (notional: string) =>
    `The smallest order is ${MIN_ORDER_NOTIONAL} ${QUOTE_CURRENCY} (quantity x price); this one is ${notional} ${QUOTE_CURRENCY}. Please enter a larger quantity.`,
  insufficient: (currency: string, needed: string, available: string) =>
    SPOT_TEXTS.insufficientOf(needed, currency, available, currency),
  tooManyOpen: (max: number, coin: string) =>
    `You already have ${max} open orders on ${coin}/${QUOTE_CURRENCY}, the most a pair allows. Please cancel one before placing another.`,
  priceUnavailable: (coin: string) => `The price of ${coin} is not available right now. Please try again shortly.`,
  orderFilled: 'Order filled',
  limitPlaced: 'Limit order placed',
  orderCancelled: 'Order cancelled and its hold released',
  orderNotFound: 'Order not found',
  alreadyFilled: 'This order has already been filled',
  alreadyCancelled: 'This order was already cancelled',
  invalidOrderId: 'Invalid order id',
  invalidStatus: 'Status must be open, filled or cancelled',
  invalidLimit: 'limit must be a whole number from 1 to 200',
  // The one-sentence entries behind the functions above: their codes and translations.
  texts: SPOT_TEXTS,
  // The Exchange form's own texts while its preview waits (src/web/features/trade/spot-form.ts).
  waitingForPrice: 'Waiting for the price',
  waitingForBalance: 'Waiting for the balance',
} as const);

/** SPOT_MSG's entries that pick a sentence or repeat an argument, as Messages (docs/decisions/0076-error-codes.md). */
export const SPOT_MESSAGES = {
  /** Whole units (no decimals) have their own sentence: `quantityDecimals` picks it. */
  quantityDecimals: (coin: string, decimals: number): Message =>
    decimals === 0 ? msg(SPOT_TEXTS, 'wholeUnits', coin) : msg(SPOT_MSG, 'quantityDecimals', coin, decimals),
  insufficient: (currency: string, needed: string, available: string): Message =>
    msg(SPOT_TEXTS, 'insufficientOf', needed, currency, available, currency),
};

// ---- POST /api-v1/spot-orders/ ----

/** A decimal a client sends: positive, at most 8 places (per-pair limits are checked with the symbol). */
const positiveDecimal = (message: Message) =>
  z
    .union([z.string(), z.number()], { error: schemaError(message) })
    .transform((v) => (typeof v === 'number' ? String(v) : v.trim()))
    .refine((v) => AMOUNT_PATTERN.test(v) && dec(v).gt(0), { error: schemaError(message), abort: true })
    .transform((v) => dec(v).toFixed());

const lowered = (v: unknown) => (typeof v === 'string' ? v.trim().toLowerCase() : v);

const spotSide = z.enum(TRADE_SIDES);
export type SpotSide = z.infer<typeof spotSide>;
const spotType = z.enum(ORDER_TYPES);
export type SpotType = z.infer<typeof spotType>;

const decimalsOf = (value: string) => (value.includes('.') ? value.split('.')[1]!.length : 0);

export const spotOrderBody = z
  .object({
    symbol: z.string({ error: SPOT_MSG.chooseSymbol }),
    side: z.preprocess(lowered, z.enum(TRADE_SIDES, { error: schemaError(msg(SPOT_MSG, 'chooseSide')) })),
    type: z.preprocess(lowered, z.enum(ORDER_TYPES, { error: schemaError(msg(SPOT_MSG, 'chooseType')) })),
    /** In the coin. */
    quantity: positiveDecimal(msg(SPOT_MSG, 'enterQuantity')),
    /** The limit price in USDT: required for a limit order, refused on a market order. */
    price: positiveDecimal(msg(SPOT_MSG, 'enterPrice')).nullish(),
  })
  .transform((v, ctx) => {
    const pair = spotPairOf(v.symbol);
    if (!pair) {
      const shown = v.symbol.trim().toUpperCase().slice(0, 40) || '?';
      const message = v.symbol.trim() === '' ? msg(SPOT_MSG, 'chooseSymbol') : msg(SPOT_MSG, 'unknownSymbol', shown);
      ctx.addIssue({ code: 'custom', path: ['symbol'], ...schemaIssue(message) });
      return z.NEVER;
    }
    const price = v.price ?? null;
    if (v.type === 'market' && price !== null)
      ctx.addIssue({ code: 'custom', path: ['price'], message: SPOT_MSG.priceOnMarket });
    if (v.type === 'limit' && price === null)
      ctx.addIssue({ code: 'custom', path: ['price'], ...schemaIssue(msg(SPOT_MSG, 'enterPrice')) });
    if (decimalsOf(v.quantity) > pair.qtyDecimals)
      ctx.addIssue({
        code: 'custom',
        path: ['quantity'],
        ...schemaIssue(SPOT_MESSAGES.quantityDecimals(pair.coin, pair.qtyDecimals)),
      });
    if (price !== null && decimalsOf(price) > pair.priceDecimals)
      ctx.addIssue({
        code: 'custom',
        path: ['price'],
        ...schemaIssue(msg(SPOT_MSG, 'priceDecimals', pair.coin, pair.priceDecimals)),
      });
    return { symbol: pair.symbol, coin: pair.coin, side: v.side, type: v.type, quantity: v.quantity, price };
  });
export type SpotOrderBody = z.infer<typeof spotOrderBody>;
export type SpotOrderInput = z.input<typeof spotOrderBody>;

// ---- an order as the Exchange screen shows it ----

export const SPOT_STATUSES = ['open', 'filled', 'cancelled'] as const;
export type SpotStatus = (typeof SPOT_STATUSES)[number];

export const spotOrder = z.object({
  order_id: z.number(),
  /** 'BTCUSDT' */
  symbol: z.string(),
  coin: z.string(),
  side: spotSide,
  type: spotType,
  /** In the coin. */
  quantity: decimalString,
  /** The limit price; null for a market order. */
  price: decimalString.nullable(),
  status: z.enum(SPOT_STATUSES),
  /** The price it traded at (the ask for a buy, the bid for a sell, or the limit); null until filled. */
  filled_price: decimalString.nullable(),
  /** In USDT, always: added to what a buy pays, taken from what a sell receives ("0" until filled). */
  fee: decimalString,
  /** USDT that moved: what a buy paid (with the fee), what a sell received (after the fee); null until filled. */
  total: decimalString.nullable(),
  /** What a resting order holds in the funding wallet (USDT for a buy, the coin for a sell); "0" once it is not resting. */
  held: decimalString,
  created_at: z.string(),
  filled_at: z.string().nullable(),
  cancelled_at: z.string().nullable(),
});
export type SpotOrder = z.infer<typeof spotOrder>;

/** Answer of POST (201) and DELETE (200). */
export const spotOrderAnswer = z.object({ message: z.string(), order: spotOrder });
export type SpotOrderAnswer = z.infer<typeof spotOrderAnswer>;

// ---- GET /api-v1/spot-orders/ ----

const orderIdInput = z.coerce
  .number({ error: SPOT_MSG.invalidOrderId })
  .int({ error: SPOT_MSG.invalidOrderId })
  .positive({ error: SPOT_MSG.invalidOrderId })
  .max(2 ** 53 - 1, { error: SPOT_MSG.invalidOrderId });

export const spotOrderParams = z.object({ id: orderIdInput });

/** Trade's page size has the same text: each carries its own code (docs/decisions/0076-error-codes.md). */
const invalidLimit = schemaError(msg(SPOT_MSG, 'invalidLimit'));
const pageLimit = z.coerce
  .number({ error: invalidLimit })
  .int({ error: invalidLimit })
  .min(1, { error: invalidLimit })
  .max(200, { error: invalidLimit });

/** Newest first, as trade-history pages: `before` the last order_id seen; 50 a page unless `limit`. */
export const spotOrdersQuery = z.object({
  status: z.enum(SPOT_STATUSES, { error: SPOT_MSG.invalidStatus }).optional(),
  symbol: z
    .string()
    .transform(normalSpotSymbol)
    .refine((v) => spotPairOf(v) !== undefined, { error: SPOT_MSG.chooseSymbol })
    .optional(),
  before: orderIdInput.optional(),
  limit: pageLimit.default(50),
});
export type SpotOrdersQuery = z.infer<typeof spotOrdersQuery>;

export const spotOrders = z.array(spotOrder);
export type SpotOrders = z.infer<typeof spotOrders>;

// ---- GET /api-v1/spot-rules/ ----

export const spotRules = z.object({
  /** Fee on every fill, a share of the USDT value ("0.001" = 0.1 %), paid in USDT. */
  fee_rate: decimalString,
  /** Smallest order, in USDT (quantity x price). */
  min_notional: decimalString,
});
export type SpotRules = z.infer<typeof spotRules>;
