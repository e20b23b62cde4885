/**
 * Leveraged trades (docs/product.md 3 "Trade", "Trade history item", 7 "Trade"; docs/architecture.md section 5):
 * requests, responses and texts, for the server and the Lever screen alike. Money and prices are
 * decimal strings (docs/product.md's entity says profit_loss is a number; we keep every amount exact).
 */
import { z } from 'zod';
import {
  CLOSE_REASONS,
  IN_HOUSE_COIN,
  IN_HOUSE_LEVERAGE,
  LEVERAGE_OPTIONS,
  MAX_OPEN_TRADES,
  MIN_ORDER_NOTIONAL,
  ORDER_TYPES,
  QUOTE_CURRENCY,
  TRADE_MAX_HANDS,
  TRADE_SIDES,
  leverageOptionsOf,
  type Leverage,
} from '../constants.js';
import { AMOUNT_PATTERN, dec } from '../money.js';
import { decimalString } from './common.js';
import { defineMessages, msg, schemaError, schemaIssue, type Message } from '../message.js';

/** Our texts (docs/product.md gives none for trades: "Trade create and close errors ... are only logged"). */
/**
 * The texts of TRADE_MSG's functions that pick one of several sentences (by side, by reference price,
 * by status) or repeat an argument: one entry each, so each has a stable code and a translation
 * (docs/decisions/0043-languages.md, src/shared/message-codes.ts makes codes only of one-sentence templates).
 */
const TRADE_TEXTS = {
  markWalkingOf: (coin: string, sameCoin: string) =>
    `The price of ${coin} is moving to its new value. New ${sameCoin} trades open once it gets there: please try again in a few seconds.`,
  alreadyClosed: 'This trade is already closed',
  alreadyLiquidated: 'This trade was already liquidated',
  alreadyCancelled: 'This order was already cancelled',
  longTakeProfitAboveMark: (price: string) =>
    `A long's take-profit must be above the current price (${price} ${QUOTE_CURRENCY})`,
  longTakeProfitAboveLimit: (price: string) =>
    `A long's take-profit must be above the limit price (${price} ${QUOTE_CURRENCY})`,
  shortTakeProfitBelowMark: (price: string) =>
    `A short's take-profit must be below the current price (${price} ${QUOTE_CURRENCY})`,
  shortTakeProfitBelowLimit: (price: string) =>
    `A short's take-profit must be below the limit price (${price} ${QUOTE_CURRENCY})`,
  longStopLossBelowMark: (price: string) =>
    `A long's stop-loss must be below the current price (${price} ${QUOTE_CURRENCY})`,
  longStopLossBelowLimit: (price: string) =>
    `A long's stop-loss must be below the limit price (${price} ${QUOTE_CURRENCY})`,
  shortStopLossAboveMark: (price: string) =>
    `A short's stop-loss must be above the current price (${price} ${QUOTE_CURRENCY})`,
  shortStopLossAboveLimit: (price: string) =>
    `A short's stop-loss must be above the limit price (${price} ${QUOTE_CURRENCY})`,
  longStopLossAboveLiquidation: (liquidation: string) =>
    `A long's stop-loss must be above its liquidation price (${liquidation} ${QUOTE_CURRENCY}): the position would be liquidated first`,
  shortStopLossBelowLiquidation: (liquidation: string) =>
    `A short's stop-loss must be below its liquidation price (${liquidation} ${QUOTE_CURRENCY}): the position would be liquidated first`,
  closeHandsAtMost: (hands: string, held: string) => `You can close at most ${hands} hands: the position holds ${held}`,
} as const;

/** `against` of the trigger texts: the reference a resting order's triggers are judged by. */
const LIMIT_PRICE = 'the limit price';

type Side = 'buy' | 'sell';
type Finished = 'closed' | 'liquidated' | 'cancelled';
const FINISHED = { closed: 'alreadyClosed', liquidated: 'alreadyLiquidated', cancelled: 'alreadyCancelled' } as const;
const takeProfitKey = (side: Side, against: string) =>
  side === 'buy'
    ? against === LIMIT_PRICE
      ? 'longTakeProfitAboveLimit'
      : 'longTakeProfitAboveMark'
    : against === LIMIT_PRICE
      ? 'shortTakeProfitBelowLimit'
      : 'shortTakeProfitBelowMark';
const stopLossKey = (side: Side, against: string) =>
  side === 'buy'
    ? against === LIMIT_PRICE
      ? 'longStopLossBelowLimit'
      : 'longStopLossBelowMark'
    : against === LIMIT_PRICE
      ? 'shortStopLossAboveLimit'
      : 'shortStopLossAboveMark';
const liquidationKey = (side: Side) =>
  side === 'buy' ? 'longStopLossAboveLiquidation' : 'shortStopLossBelowLiquidation';

export const TRADE_MSG = defineMessages('trade', {
  chooseCoin: 'Please choose a coin',
  cannotTrade: (coin: string) => `${coin}/${QUOTE_CURRENCY} cannot be traded`,
  chooseSide: 'Please choose buy or sell',
  enterHands: 'Please enter a valid number of hands (a positive number with at most 8 decimals)',
  tooManyHands: `A trade can hold at most ${TRADE_MAX_HANDS} hands`,
  enterPrice: 'Please enter a valid price',
  enterLimitPrice: 'Please enter a valid limit price for a limit order',
  chooseLeverage: 'Leverage must be 100X, 50X, 30X or 10X',
  inHouseLeverage: `${IN_HOUSE_COIN} trades at ${IN_HOUSE_LEVERAGE}X only: its price is set by the provider, not by a market`,
  chooseOrderType: 'Order type must be market or limit',
  markWalking: (coin: string) => TRADE_TEXTS.markWalkingOf(coin, coin),
  priceUnavailable: (coin: string) => `The price of ${coin} is not available right now. Please try again shortly.`,
  priceMoved: (coin: string, mark: string) =>
    `The price has moved: ${coin} is now ${mark} ${QUOTE_CURRENCY}. Please check the price and try again.`,
  belowMinNotional: (notional: string) =>
    `The smallest order is ${MIN_ORDER_NOTIONAL} ${QUOTE_CURRENCY} (hands x price); this one is ${notional} ${QUOTE_CURRENCY}. Please enter more hands.`,
  tooManyOpenTrades: `You can have at most ${MAX_OPEN_TRADES} open trades and limit orders at once. Close a trade or cancel an order first.`,
  insufficientMargin: (needed: string, available: string) =>
    `Insufficient margin: this trade needs ${needed} ${QUOTE_CURRENCY} in your lever wallet and you have ${available} ${QUOTE_CURRENCY}. Transfer ${QUOTE_CURRENCY} to your lever wallet first.`,
  tradeOpened: 'Trade opened',
  limitOrderPlaced: 'Limit order placed',
  tradeClosed: 'Trade closed',
  tradeLiquidated: 'Your trade was liquidated: its loss reached the margin',
  orderCancelled: 'Limit order cancelled and its margin refunded',
  tradePriced: 'Trade priced',
  invalidTradeId: 'Invalid trade_id',
  isClosedRequired: 'is_closed must be true or false',
  tradeNotFound: 'Trade not found',
  alreadyFinished: (status: Finished) => TRADE_TEXTS[FINISHED[status]],
  justFilled: 'This limit order has just been filled and is now an open trade. Close it instead.',
  invalidStatus: 'Status must be closed, liquidated or cancelled',
  invalidLimit: 'limit must be a whole number from 1 to 200',
  // ---- take-profit / stop-loss, partial close, margin (docs/decisions/0025-trade-protection.md) ----
  enterTakeProfit: 'Please enter a valid take-profit price, or leave it empty',
  enterStopLoss: 'Please enter a valid stop-loss price, or leave it empty',
  tpslNothing: 'Please give a take_profit or a stop_loss (null clears one)',
  /** `against`: 'the current price' for a position, 'the limit price' for a resting order. */
  takeProfitWrongSide: (side: Side, against: string, price: string) => TRADE_TEXTS[takeProfitKey(side, against)](price),
  stopLossWrongSide: (side: Side, against: string, price: string) => TRADE_TEXTS[stopLossKey(side, against)](price),
  stopLossBeyondLiquidation: (side: Side, liquidation: string) => TRADE_TEXTS[liquidationKey(side)](liquidation),
  tpslSet: 'Take-profit and stop-loss saved',
  tpslFinished: 'This trade is over: its take-profit and stop-loss can no longer change',
  tradeTakeProfit: 'Your take-profit closed the trade',
  tradeStopLoss: 'Your stop-loss closed the trade',
  enterCloseHands: 'Please enter a valid number of hands to close (a positive number with at most 8 decimals)',
  closeHandsTooMany: (hands: string) => TRADE_TEXTS.closeHandsAtMost(hands, hands),
  closeHandsOrder: 'A resting limit order cannot be closed in part: revoke it instead',
  partlyClosed: (closed: string, left: string) => `Closed ${closed} hands; ${left} stay open`,
  enterMarginAmount: 'Please enter an amount of margin: positive to add, negative to remove, at most 8 decimals',
  marginNotOpen: 'Margin can only be changed on an open position',
  marginInsufficient: (needed: string, available: string) =>
    `Insufficient balance: adding ${needed} ${QUOTE_CURRENCY} of margin needs it in your lever wallet and you have ${available} ${QUOTE_CURRENCY}`,
  marginTooMuchRemoved: (removable: string) =>
    `You can remove at most ${removable} ${QUOTE_CURRENCY}: a position keeps at least the margin it opened with`,
  marginNearLiquidation: (liquidation: string, mark: string) =>
    `Removing this much would put the liquidation price (${liquidation} ${QUOTE_CURRENCY}) too close to the current price (${mark} ${QUOTE_CURRENCY})`,
  marginPastStopLoss: (liquidation: string, stopLoss: string) =>
    `Removing this much would put the liquidation price (${liquidation} ${QUOTE_CURRENCY}) past your stop-loss (${stopLoss} ${QUOTE_CURRENCY}): the position would be liquidated first`,
  marginAdded: 'Margin added',
  marginRemoved: 'Margin removed',
  // The one-sentence entries behind the functions above: their codes and translations.
  texts: TRADE_TEXTS,
  /**
   * The Lever order form's own texts for an order that cannot be sent yet (docs/product.md gives none;
   * src/web/features/trade/order-form.ts): in this table so they are translated like the server's.
   */
  form: {
    enterHands: 'Enter the number of hands',
    /** The size typed in USDT (docs/decisions/0061-trade-form.md): the margin the order may take. */
    enterMargin: 'Enter the margin in USDT (a positive amount with at most 8 decimals)',
    waitingForPrice: (coin: string) => `Waiting for the price of ${coin}`,
    waitingForBalance: 'Loading your lever balance',
    enterLimitPrice: 'Enter a limit price',
    waitingForRules: 'Loading the trading fees and limits',
    belowMinimum: (minimum: string, value: string) =>
      `The smallest order is ${minimum} ${QUOTE_CURRENCY} (hands x price); this one is ${value} ${QUOTE_CURRENCY}.`,
    insufficientMargin: (needed: string, available: string) =>
      `Not enough margin: this order needs ${needed} ${QUOTE_CURRENCY} and your lever account has ${available} ${QUOTE_CURRENCY}.`,
  },
} as const);

// ---- pieces ----

/** A price a client sends: positive, at most 18 decimals (the database keeps 18). */
const PRICE_PATTERN = /^(0|[1-9]\d{0,17})(\.\d{1,18})?$/;

const decimalInput = (pattern: RegExp, message: string | Message) =>
  z
    .union([z.string(), z.number()], { error: schemaError(message) })
    .transform((v) => (typeof v === 'number' ? String(v) : v.trim()))
    .refine((v) => pattern.test(v) && dec(v).gt(0), { error: schemaError(message), abort: true })
    .transform((v) => dec(v).toFixed());

export const priceInput = (message: string | Message = TRADE_MSG.enterPrice) => decimalInput(PRICE_PATTERN, message);

export const handsInput = decimalInput(AMOUNT_PATTERN, TRADE_MSG.enterHands).refine(
  (v) => dec(v).lte(TRADE_MAX_HANDS),
  { error: TRADE_MSG.tooManyHands },
);

/**
 * A coin of a USDT pair: 'BTC', 'btc', 'BTCUSDT' and 'BTC/USDT' are all BTC. USDT itself is the
 * quote currency and cannot be traded against itself.
 */
const coinInput = z
  .string({ error: TRADE_MSG.chooseCoin })
  .transform((v) => {
    const upper = v.trim().toUpperCase().replace(/[/_-]/g, '');
    return upper.length > QUOTE_CURRENCY.length && upper.endsWith(QUOTE_CURRENCY)
      ? upper.slice(0, -QUOTE_CURRENCY.length)
      : upper;
  })
  .refine((v) => /^[A-Z0-9]{2,12}$/.test(v), { error: TRADE_MSG.chooseCoin, abort: true })
  .refine((v) => v !== QUOTE_CURRENCY, { error: schemaError(msg(TRADE_MSG, 'cannotTrade', QUOTE_CURRENCY)) });

const tradeSide = z.enum(TRADE_SIDES);
export type TradeSide = z.infer<typeof tradeSide>;
const tradeSideInput = z.preprocess(
  (v) => (typeof v === 'string' ? v.trim().toLowerCase() : v),
  z.enum(TRADE_SIDES, { error: schemaError(msg(TRADE_MSG, 'chooseSide')) }),
);

const orderType = z.enum(ORDER_TYPES);
const orderTypeInput = z.preprocess(
  (v) => (typeof v === 'string' ? v.trim().toLowerCase() : v),
  z.enum(ORDER_TYPES, { error: schemaError(msg(TRADE_MSG, 'chooseOrderType')) }),
);

const ANY_LEVERAGE: readonly number[] = [...LEVERAGE_OPTIONS, IN_HOUSE_LEVERAGE];

/** 100, '100' and '100X' (as the Lever screen labels it) are the same leverage; which ones a coin allows is checked with the coin. */
export const leverageInput = z
  .union([z.number(), z.string()], { error: TRADE_MSG.chooseLeverage })
  .transform((v, ctx) => {
    const n = typeof v === 'number' ? v : Number(/^\s*(\d{1,3})\s*[xX]?\s*$/.exec(v)?.[1] ?? NaN);
    if (!ANY_LEVERAGE.includes(n)) {
      ctx.addIssue({ code: 'custom', message: TRADE_MSG.chooseLeverage });
      return z.NEVER;
    }
    return n as Leverage;
  });

const closeReason = z.enum(CLOSE_REASONS);

const tradeStatus = z.enum(['pending', 'open', 'closed', 'liquidated', 'cancelled']);

// ---- POST /api-v1/trade-creation/ ----

export const tradeCreationBody = z
  .object({
    trade_type: tradeSideInput,
    /** The price the client saw: a sanity check only (within 1 % of the server's mark). */
    starting_price: priceInput(),
    coin: coinInput,
    hands: handsInput,
    /** Default: the coin's first choice (100X; 1X for USDO). */
    leverage: leverageInput.optional(),
    order_type: orderTypeInput.optional().default('market'),
    /** Required for a limit order: a buy executes when the mark falls to it, a sell when the mark rises to it. */
    limit_price: priceInput(msg(TRADE_MSG, 'enterLimitPrice')).optional(),
    /** Close the position when the mark reaches it (a long's above the entry, a short's below). */
    take_profit: priceInput(TRADE_MSG.enterTakeProfit).nullish(),
    /** Close the position when the mark reaches it (a long's below the entry and above its liquidation price). */
    stop_loss: priceInput(TRADE_MSG.enterStopLoss).nullish(),
  })
  .superRefine((v, ctx) => {
    if (v.order_type === 'limit' && v.limit_price === undefined)
      ctx.addIssue({ code: 'custom', path: ['limit_price'], ...schemaIssue(msg(TRADE_MSG, 'enterLimitPrice')) });
    if (v.leverage !== undefined && !leverageOptionsOf(v.coin).includes(v.leverage)) {
      const message = v.coin === IN_HOUSE_COIN ? TRADE_MSG.inHouseLeverage : TRADE_MSG.chooseLeverage;
      ctx.addIssue({ code: 'custom', path: ['leverage'], message });
    }
  })
  .transform(({ limit_price, leverage, take_profit, stop_loss, ...rest }) => ({
    ...rest,
    leverage: leverage ?? leverageOptionsOf(rest.coin)[0]!,
    limit_price: rest.order_type === 'limit' ? (limit_price ?? null) : null,
    take_profit: take_profit ?? null,
    stop_loss: stop_loss ?? null,
  }));
export type TradeCreationBody = z.infer<typeof tradeCreationBody>;
/** What a client sends (before defaults and normalisation). */
export type TradeCreationInput = z.input<typeof tradeCreationBody>;

// ---- POST /api-v1/trade-updation/ ----

/** A trade id, as a number or a string of digits. */
const tradeIdInput = z
  .union(
    [
      z.number(),
      z
        .string()
        .trim()
        .regex(/^\d{1,16}$/, { error: TRADE_MSG.invalidTradeId }),
    ],
    { error: TRADE_MSG.invalidTradeId },
  )
  .transform(Number)
  .refine((v) => Number.isSafeInteger(v) && v > 0, { error: TRADE_MSG.invalidTradeId });

export const tradeUpdationBody = z.object({
  trade_id: tradeIdInput,
  /** The price the client sees: checked against the mark when closing an open trade, otherwise ignored. */
  current_price: priceInput(),
  /** true closes an open trade (or cancels a pending limit order); false only prices it. */
  is_closed: z.boolean({ error: TRADE_MSG.isClosedRequired }),
  /**
   * Close only this many hands of an open position (docs/decisions/0025): fewer than it holds; as
   * many as it holds is a full close. Without it, the whole position closes.
   */
  hands: decimalInput(AMOUNT_PATTERN, TRADE_MSG.enterCloseHands).optional(),
});

/**
 * TRADE_MSG's entries that pick a sentence or repeat an argument, as Messages: each the code of the one
 * plain entry of `texts` it picks, so its English template fills to the same text (docs/decisions/0076-error-codes.md).
 */
export const TRADE_MESSAGES = {
  markWalking: (coin: string): Message => msg(TRADE_TEXTS, 'markWalkingOf', coin, coin),
  alreadyFinished: (status: Finished): Message => msg(TRADE_TEXTS, FINISHED[status]),
  takeProfitWrongSide: (side: Side, against: string, price: string): Message =>
    msg(TRADE_TEXTS, takeProfitKey(side, against), price),
  stopLossWrongSide: (side: Side, against: string, price: string): Message =>
    msg(TRADE_TEXTS, stopLossKey(side, against), price),
  stopLossBeyondLiquidation: (side: Side, liquidation: string): Message =>
    msg(TRADE_TEXTS, liquidationKey(side), liquidation),
  closeHandsTooMany: (hands: string): Message => msg(TRADE_TEXTS, 'closeHandsAtMost', hands, hands),
};
export type TradeUpdationBody = z.infer<typeof tradeUpdationBody>;
export type TradeUpdationInput = z.input<typeof tradeUpdationBody>;

// ---- a trade as the Lever screen shows it ----

/**
 * docs/product.md 3 "Trade" (trade_id, coin, hands, trade_type, starting_price, profit_loss, is_closed)
 * plus what a trader expects to see. `profit_loss` is live from the server's mark while the trade
 * is open, final once it is not. For a pending limit order, starting_price is its limit price.
 */
const tradeItem = z.object({
  trade_id: z.number(),
  coin: z.string(),
  /** 'BTC/USDT' */
  pair: z.string(),
  hands: decimalString,
  trade_type: tradeSide,
  starting_price: decimalString,
  /** A JSON number, as docs/product.md 3 "Trade" says (for clients that read it so); rounded by JSON. */
  profit_loss: z.number(),
  /** The same P/L as an exact decimal string: what the web shows and computes with. */
  profit_loss_decimal: decimalString,
  is_closed: z.boolean(),
  status: tradeStatus,
  leverage: z.number(),
  margin: decimalString,
  order_type: orderType,
  limit_price: decimalString.nullable(),
  /** The mark at which equity falls to the maintenance margin (liquidated there); null once the trade is over. */
  liquidation_price: decimalString.nullable(),
  /** Trading fee of opening (reserved with the margin while a limit order rests). */
  open_fee: decimalString,
  /** Trading fee of closing; "0" until closed, and for a liquidation (its remainder goes to the insurance fund). */
  close_fee: decimalString,
  /** The server's mark now; null when the market has no price for the coin. */
  current_price: decimalString.nullable(),
  /** True when the market feed is too old to trust: P/L is then at the last known price and closing waits. */
  price_stale: z.boolean(),
  close_price: decimalString.nullable(),
  /** What closing paid back to the lever wallet (margin + P/L - closing fee, never below 0; margin + fee of a revoked order); null while open. */
  closed_balance: decimalString.nullable(),
  created_at: z.string(),
  opened_at: z.string().nullable(),
  closed_at: z.string().nullable(),
  /** The position closes when the mark reaches it; null when not set. */
  take_profit: decimalString.nullable(),
  stop_loss: decimalString.nullable(),
  /** What closed it; null while live and for a revoked order. */
  close_reason: closeReason.nullable(),
  /** Set on the closed part of a partially closed position: the trade it was closed from. */
  parent_trade_id: z.number().nullable(),
});
export type TradeItem = z.infer<typeof tradeItem>;

/**
 * Answer of trade-creation (201), trade-updation (200), trade-tpsl and trade-margin (200). A partial
 * close answers the position left open as `trade` and the part it closed as `closed`.
 */
export const tradeAnswer = z.object({ message: z.string(), trade: tradeItem, closed: tradeItem.optional() });
export type TradeAnswer = z.infer<typeof tradeAnswer>;

/** GET /api-v1/get-active-trades/: open trades and pending limit orders, newest first. */
export const activeTrades = z.array(tradeItem);
export type ActiveTrades = z.infer<typeof activeTrades>;

/** A page size of the trade lists: 1 to 200. */
/** Spot's page size has the same text: each carries its own code (docs/decisions/0076-error-codes.md). */
const invalidLimit = schemaError(msg(TRADE_MSG, 'invalidLimit'));
const pageLimit = z.coerce
  .number({ error: invalidLimit })
  .int({ error: invalidLimit })
  .min(1, { error: invalidLimit })
  .max(200, { error: invalidLimit });

/**
 * Optional paging of get-active-trades, as trade-history pages: newest first, `before` the last
 * trade_id seen. Without `limit` the whole list comes back (MAX_OPEN_TRADES bounds it).
 */
export const activeTradesQuery = z.object({
  before: tradeIdInput.optional(),
  limit: pageLimit.optional(),
});
export type ActiveTradesQuery = z.infer<typeof activeTradesQuery>;

// ---- GET /api-v1/trade-history/ ----

const FINISHED_STATUSES = ['closed', 'liquidated', 'cancelled'] as const;

export const tradeHistoryQuery = z.object({
  /** One status, or several separated by commas (`closed,liquidated`: the Closed tab; `cancelled`: revoked). */
  status: z
    .string({ error: TRADE_MSG.invalidStatus })
    .transform((v) => [...new Set(v.split(',').map((s) => s.trim()))])
    .pipe(z.array(z.enum(FINISHED_STATUSES, { error: TRADE_MSG.invalidStatus })).min(1))
    .optional(),
  /** Newest first; pass the last trade_id seen to get older ones. */
  before: tradeIdInput.optional(),
  limit: pageLimit.default(50),
});
export type TradeHistoryQuery = z.infer<typeof tradeHistoryQuery>;

const pricePoint = z.object({ price_at_time: decimalString, created_at: z.string() });
export type PricePoint = z.infer<typeof pricePoint>;

/**
 * docs/product.md 3 "Trade history item", field names spelled as docs/product.md spells them (prfit_loss,
 * closed_balanec): trading_balance is the margin, closed_balanec what closing paid back.
 * `history` holds the prices sampled while the trade was open, oldest first (at most 100 points,
 * thinned evenly, always with the first and the last).
 */
const tradeHistoryItem = z.object({
  trade_id: z.number(),
  coin: z.string(),
  prfit_loss: decimalString,
  starting_price: decimalString,
  trading_balance: decimalString,
  closed_balanec: decimalString,
  history: z.array(pricePoint),
  created_at: z.string(),
  closed_at: z.string().nullable(),
  trade_type: tradeSide,
  hands: decimalString,
  status: tradeStatus,
  close_price: decimalString.nullable(),
  leverage: z.number(),
  order_type: orderType,
  open_fee: decimalString,
  close_fee: decimalString,
  /** What closed it; null for a revoked order. */
  close_reason: closeReason.nullable(),
  /** open_fee + close_fee. */
  fee: decimalString,
  /** What the trade earned or lost after fees: closed_balanec - trading_balance - open_fee ("0" for a revoked order). */
  realized_profit_loss: decimalString,
  take_profit: decimalString.nullable(),
  stop_loss: decimalString.nullable(),
  /** The closed part of a partial close: the position it was closed from. */
  parent_trade_id: z.number().nullable(),
});
export type TradeHistoryItem = z.infer<typeof tradeHistoryItem>;
export const tradeHistory = z.array(tradeHistoryItem);
export type TradeHistory = z.infer<typeof tradeHistory>;

/** How many price points a history item carries at most. */
export const TRADE_HISTORY_POINTS = 100;

// ---- POST /api-v1/trade-tpsl/ ----

/** A trigger price, or null to clear it. */
const triggerInput = (message: string) => z.union([z.null(), priceInput(message)], { error: message }).optional();

/**
 * Set, change or clear (null) the take-profit and stop-loss of an open position or a resting order;
 * a field left out stays as it is.
 */
export const tradeTpslBody = z
  .object({
    trade_id: tradeIdInput,
    take_profit: triggerInput(TRADE_MSG.enterTakeProfit),
    stop_loss: triggerInput(TRADE_MSG.enterStopLoss),
  })
  .refine((v) => v.take_profit !== undefined || v.stop_loss !== undefined, { error: TRADE_MSG.tpslNothing });
export type TradeTpslBody = z.infer<typeof tradeTpslBody>;
export type TradeTpslInput = z.input<typeof tradeTpslBody>;

// ---- POST /api-v1/trade-margin/ ----

/** Up to 18 digits and 8 decimals, with a sign: positive adds margin, negative removes it. */
const SIGNED_AMOUNT_PATTERN = /^-?(0|[1-9]\d{0,17})(\.\d{1,8})?$/;

export const tradeMarginBody = z.object({
  trade_id: tradeIdInput,
  amount: z
    .union([z.string(), z.number()], { error: TRADE_MSG.enterMarginAmount })
    .transform((v) => (typeof v === 'number' ? String(v) : v.trim()))
    .refine((v) => SIGNED_AMOUNT_PATTERN.test(v) && !dec(v).isZero(), { error: TRADE_MSG.enterMarginAmount })
    .transform((v) => dec(v).toFixed()),
});
export type TradeMarginBody = z.infer<typeof tradeMarginBody>;
export type TradeMarginInput = z.input<typeof tradeMarginBody>;

// ---- GET /api-v1/trade-rules/ ----

/** The numbers an order preview needs: fees, maintenance margin, minimums, caps and leverage choices. */
export const tradeRules = z.object({
  /** Fee on open and on close, as a share of the notional ("0.0005" = 0.05 %). */
  fee_rate: decimalString,
  /** Equity at which a position is liquidated, as a share of its notional at the mark. */
  maintenance_margin_rate: decimalString,
  /** Smallest order, in USDT of notional. */
  min_notional: decimalString,
  /** Open positions and resting orders a user may have at once. */
  max_open_trades: z.number(),
  /** Leverage choices of every coin not listed in `coin_leverage_options`, the default first. */
  leverage_options: z.array(z.number()),
  /** Coins with their own choices: { USDO: [1] }. */
  coin_leverage_options: z.record(z.string(), z.array(z.number())),
});
export type TradeRules = z.infer<typeof tradeRules>;

/** The trade rules for these rates: what GET /api-v1/trade-rules/ answers (with the server's configured rates). */
export const tradeRulesOf = (rates: { feeRate: string; maintenanceRate: string }): TradeRules => ({
  fee_rate: rates.feeRate,
  maintenance_margin_rate: rates.maintenanceRate,
  min_notional: MIN_ORDER_NOTIONAL,
  max_open_trades: MAX_OPEN_TRADES,
  leverage_options: [...LEVERAGE_OPTIONS],
  coin_leverage_options: { [IN_HOUSE_COIN]: [...leverageOptionsOf(IN_HOUSE_COIN)] },
});
