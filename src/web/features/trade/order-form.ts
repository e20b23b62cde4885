/**
 * The rules of the Lever order form, kept out of the screen: what an order would cost (margin,
 * opening fee, liquidation price) before the trader confirms, and why it cannot be sent yet. The
 * math is the server's own (src/shared/money.ts) with the server's rates (GET /api-v1/trade-rules/),
 * so the preview and the debit agree (docs/decisions/0018-house-books.md: fee on open and close, maintenance margin, minimum).
 */
import {
  TRADE_MESSAGES,
  TRADE_MSG,
  handsInput,
  leverageInput,
  priceInput,
  type TradeCreationInput,
  type TradeRules,
  type TradeSide,
} from '../../../shared/api/trade';
import {
  DEFAULT_LEVERAGE,
  TRADE_MAX_HANDS,
  leverageOptionsOf,
  type Leverage,
  type OrderType,
} from '../../../shared/constants';
import {
  AMOUNT_DECIMALS,
  add,
  cmp,
  dec,
  isAmount,
  liquidationPrice,
  mul,
  tradeFee,
  tradeMargin,
} from '../../../shared/money';
import { issueMessage, msg, type Message } from '../../../shared/message';
import { formatUsdtHeld, formatUsdtNeeded } from './display';

/**
 * Our texts for an order that cannot be sent yet (docs/product.md gives none): kept in TRADE_MSG so
 * they have codes and translations (docs/decisions/0043-languages.md); the form shows them through message().
 */
export const ORDER_FORM_MSG = TRADE_MSG.form;

/** A new form: buy at market price with the default 100X (docs/product.md 9). */
export const DEFAULT_ORDER = { side: 'buy', orderType: 'market', leverage: DEFAULT_LEVERAGE } as const satisfies {
  side: TradeSide;
  orderType: OrderType;
  leverage: Leverage;
};

/** The hands' step: one unit of the 8th place. */
const ONE_UNIT = dec(1).div(dec(10).pow(AMOUNT_DECIMALS));

/** '100X' as the leverage choice shows it. */
export const leverageLabel = (leverage: Leverage) => `${leverage}X`;

/**
 * The leverage choices of `coin`, the default first: the server's `coin_leverage_options[coin] ??
 * leverage_options` (USDO: 1X only), or the shared contract's until the rules have loaded.
 */
export function leverageChoices(rules: TradeRules | undefined, coin: string): readonly Leverage[] {
  if (!rules) return leverageOptionsOf(coin);
  const offered = rules.coin_leverage_options[coin] ?? rules.leverage_options;
  const known = offered.flatMap((value) => {
    const parsed = leverageInput.safeParse(value);
    return parsed.success ? [parsed.data] : [];
  });
  return known.length > 0 ? known : leverageOptionsOf(coin);
}

/** The chosen leverage when the coin offers it, else the coin's default (a switch to USDO picks 1X). */
export const leverageFor = (choices: readonly Leverage[], chosen: Leverage): Leverage =>
  choices.includes(chosen) ? chosen : choices[0]!;

/** A leverage from a label, a number or a stored choice; anything unknown is the default 100X. */
export function parseLeverage(value: unknown): Leverage {
  const parsed = leverageInput.safeParse(value);
  return parsed.success ? parsed.data : DEFAULT_LEVERAGE;
}

/** What the size field holds: hands of the coin, or the margin in USDT (docs/decisions/0061-trade-form.md). */
export type SizeUnit = 'coin' | 'usdt';

/**
 * The hands a margin of `usdt` buys at `price` and `leverage`: usdt x leverage / price, rounded DOWN to
 * the hands' step (8 places), so the margin (tradeMargin, rounded up to 8 places) never exceeds the
 * USDT typed (docs/decisions/0061-trade-form.md). Null for a size that is not a positive amount or
 * before there is a price.
 */
export function handsForMargin(usdt: string, price: string | null, leverage: Leverage): string | null {
  const typed = usdt.trim();
  if (!price || !isAmount(typed) || dec(typed).lte(0) || dec(price).lte(0)) return null;
  let hands = dec(typed).times(leverage).div(price).toDecimalPlaces(AMOUNT_DECIMALS); // rounded down
  // usdt has at most 8 places, so hands x price / leverage <= usdt rounds up to at most usdt; the
  // loop only guards that reasoning (it never runs more than once).
  while (hands.gt(0) && cmp(tradeMargin(hands.toFixed(), price, leverage), typed) > 0) hands = hands.minus(ONE_UNIT);
  return hands.toFixed();
}

export interface OrderDraft {
  coin: string;
  side: TradeSide;
  orderType: OrderType;
  leverage: Leverage;
  /** As typed: hands of the coin, or the margin in USDT when `sizeUnit` is 'usdt'. */
  hands: string;
  /** What `hands` holds; coin unless said. */
  sizeUnit?: SizeUnit;
  /** As typed; used for limit orders only. */
  limitPrice: string;
  /** As typed, optional: close the position there (docs/decisions/0025-trade-protection.md). */
  takeProfit?: string;
  stopLoss?: string;
  /** The live price; undefined until the first quote. */
  currentPrice: string | undefined;
  /** Lever wallet USDT; undefined until loaded. */
  balance: string | undefined;
  /** The server's trading rules; undefined until loaded. */
  rules: TradeRules | undefined;
}

/** Why the button is disabled; `transfer` says the fix is a transfer into the lever account. */
interface OrderBlock {
  /** A plain table text, or a made text as a Message so it is shown by its code (docs/decisions/0076). */
  reason: string | Message;
  transfer?: boolean;
  /** A field to mark as wrong, if one is. */
  field?: 'hands' | 'limitPrice' | 'takeProfit' | 'stopLoss';
}

export interface OrderPreview {
  /** The price the position would open at: the limit for a limit order, else the current price. */
  entryPrice: string | null;
  /** The order's hands in coin: as typed, or converted from the USDT margin typed; null until known. */
  hands: string | null;
  margin: string | null;
  /** Trading fee of opening, charged with the margin. */
  openFee: string | null;
  /** What the order takes from the lever wallet: margin + opening fee. */
  cost: string | null;
  /** Where equity falls to the maintenance margin: the position is liquidated there. */
  liquidationPrice: string | null;
  /** The most hands the balance covers (margin + fee) at this price and leverage (8 places, rounded down). */
  maxHands: string | null;
  block: OrderBlock | null;
  /** What to POST to trade-creation once nothing blocks. */
  payload: TradeCreationInput | null;
}

const validPrice = (value: string | undefined): string | null => {
  if (value === undefined) return null;
  const parsed = priceInput().safeParse(value);
  return parsed.success ? parsed.data : null;
};

/** The size slider's stops: shares of what the margin allows (docs/decisions/0031-lever-results.md). */
export const SIZE_SHARES = [25, 50, 75, 100] as const;

/** An order at this leverage or more asks once before it goes (docs/decisions/0031-lever-results.md). */
export const HIGH_LEVERAGE = 50;

type Budget = Pick<OrderDraft, 'balance' | 'leverage' | 'rules'>;

/** What `hands` at `price` takes from the lever wallet: margin + opening fee, as the server charges them. */
const orderCost = (hands: string, price: string, leverage: Leverage, feeRate: string) =>
  add(tradeMargin(hands, price, leverage), tradeFee(hands, price, feeRate));

/**
 * The hands that `percent` of the lever balance covers at `price` with margin and opening fee (8 places,
 * rounded down; margin and fee round up, so it steps down until the cost fits), at most the most a
 * trade may hold; null until the price, balance and rules are known.
 */
export function handsForShare(budget: Budget, price: string | null, percent: number): string | null {
  const { balance, leverage, rules } = budget;
  if (!price || balance === undefined || !rules) return null;
  const allowed = dec(balance).times(percent).div(100);
  if (allowed.lte(0)) return '0';
  // margin + fee = hands x price x (1 / leverage + fee rate), so the budget covers budget / that.
  const perHand = mul(price, dec(1).div(leverage).plus(rules.fee_rate));
  let hands = allowed.div(perHand).toDecimalPlaces(AMOUNT_DECIMALS); // rounded down (money.ts's default)
  if (hands.gt(TRADE_MAX_HANDS)) hands = dec(TRADE_MAX_HANDS);
  // Margin and fee round up (at most 2e-8 USDT more): take off the hands that buys, one unit at least.
  for (;;) {
    const excess = orderCost(hands.toFixed(), price, leverage, rules.fee_rate).minus(allowed);
    if (excess.lte(0) || hands.lte(0)) break;
    const units = excess.div(perHand).div(ONE_UNIT).ceil();
    hands = hands.minus(ONE_UNIT.times(units.gt(1) ? units : 1));
  }
  return (hands.gt(0) ? hands : dec(0)).toFixed();
}

/**
 * Where the size slider stands for typed `hands`: the largest stop (0 included) whose hands do not
 * exceed them, so it never claims more of the margin than the order takes.
 */
export function sizeShareOf(budget: Budget, price: string | null, hands: string): number {
  const parsed = handsInput.safeParse(hands);
  if (!parsed.success) return 0;
  let share = 0;
  for (const percent of SIZE_SHARES) {
    const stop = handsForShare(budget, price, percent);
    if (stop !== null && dec(stop).gt(0) && cmp(stop, parsed.data) <= 0) share = percent;
  }
  return share;
}

/** The order asks for a confirmation first: at HIGH_LEVERAGE or more, unless the trader turned it off. */
export const needsLeverageConfirm = (leverage: Leverage, enabled: boolean, confirmedThisVisit: boolean) =>
  enabled && !confirmedThisVisit && leverage >= HIGH_LEVERAGE;

export function previewOrder(draft: OrderDraft): OrderPreview {
  const currentPrice = validPrice(draft.currentPrice);
  const limitPrice = draft.orderType === 'limit' ? validPrice(draft.limitPrice) : null;
  const entryPrice = draft.orderType === 'limit' ? limitPrice : currentPrice;
  const inUsdt = draft.sizeUnit === 'usdt';
  const typedHands = inUsdt ? (handsForMargin(draft.hands, entryPrice, draft.leverage) ?? '') : draft.hands;
  const handsParsed = handsInput.safeParse(typedHands);
  const hands = handsParsed.success ? handsParsed.data : null;

  const rules = draft.rules;

  const maxHands = handsForShare({ balance: draft.balance, leverage: draft.leverage, rules }, entryPrice, 100);
  const margin = hands && entryPrice ? tradeMargin(hands, entryPrice, draft.leverage) : null;
  const openFee = hands && entryPrice && rules ? tradeFee(hands, entryPrice, rules.fee_rate) : null;
  const cost = margin && openFee ? add(margin, openFee).toFixed() : null;
  const liquidation =
    hands && entryPrice && margin && rules
      ? liquidationPrice(draft.side, hands, entryPrice, margin, rules.maintenance_margin_rate)
      : null;
  const preview = { entryPrice, hands, margin, openFee, cost, liquidationPrice: liquidation, maxHands };

  const blocked = (block: OrderBlock): OrderPreview => ({ ...preview, block, payload: null });
  if (draft.hands.trim() === '')
    return blocked({ reason: inUsdt ? ORDER_FORM_MSG.enterMargin : ORDER_FORM_MSG.enterHands });
  if (inUsdt) {
    const typed = draft.hands.trim();
    if (!isAmount(typed) || dec(typed).lte(0)) return blocked({ reason: ORDER_FORM_MSG.enterMargin, field: 'hands' });
    if (draft.orderType === 'limit' && draft.limitPrice.trim() === '')
      return blocked({ reason: ORDER_FORM_MSG.enterLimitPrice });
    if (draft.orderType === 'limit' && !limitPrice)
      return blocked({ reason: TRADE_MSG.enterLimitPrice, field: 'limitPrice' });
    if (!entryPrice) return blocked({ reason: msg(ORDER_FORM_MSG, 'waitingForPrice', draft.coin) });
    // Too small to buy one step of the coin: the smallest order says how much is needed.
    if (!hands && rules && cmp(typedHands === '' ? '0' : typedHands, '0') === 0)
      return blocked({
        reason: msg(ORDER_FORM_MSG, 'belowMinimum', rules.min_notional, formatUsdtHeld('0')),
        field: 'hands',
      });
  }
  if (!handsParsed.success) {
    return blocked({
      reason: handsParsed.error.issues[0] ? issueMessage(handsParsed.error.issues[0]) : TRADE_MSG.enterHands,
      field: 'hands',
    });
  }
  if (draft.orderType === 'limit' && draft.limitPrice.trim() === '')
    return blocked({ reason: ORDER_FORM_MSG.enterLimitPrice });
  if (draft.orderType === 'limit' && !limitPrice)
    return blocked({ reason: TRADE_MSG.enterLimitPrice, field: 'limitPrice' });
  if (!currentPrice) return blocked({ reason: msg(ORDER_FORM_MSG, 'waitingForPrice', draft.coin) });
  const triggers = checkTriggers(draft, entryPrice!, liquidation);
  if ('reason' in triggers) return blocked(triggers);
  if (!rules) return blocked({ reason: ORDER_FORM_MSG.waitingForRules });
  const notional = mul(hands!, entryPrice!);
  if (notional.lt(rules.min_notional)) {
    return blocked({
      reason: msg(ORDER_FORM_MSG, 'belowMinimum', rules.min_notional, formatUsdtHeld(notional.toFixed())),
      field: 'hands',
    });
  }
  if (draft.balance === undefined) return blocked({ reason: ORDER_FORM_MSG.waitingForBalance });
  if (cost && cmp(cost, draft.balance) > 0) {
    return blocked({
      reason: msg(ORDER_FORM_MSG, 'insufficientMargin', formatUsdtNeeded(cost), formatUsdtHeld(draft.balance)),
      transfer: true,
      field: 'hands',
    });
  }

  return {
    ...preview,
    block: null,
    payload: {
      trade_type: draft.side,
      starting_price: currentPrice,
      coin: draft.coin,
      hands: hands!,
      leverage: draft.leverage,
      order_type: draft.orderType,
      ...(draft.orderType === 'limit' ? { limit_price: limitPrice! } : {}),
      ...(triggers.take_profit ? { take_profit: triggers.take_profit } : {}),
      ...(triggers.stop_loss ? { stop_loss: triggers.stop_loss } : {}),
    },
  };
}

/**
 * The optional take-profit and stop-loss as the server will judge them (docs/decisions/0025): a
 * valid price, a long's take-profit above the entry and its stop-loss below it and above the
 * liquidation price, mirrored for a short. The same texts as the server's refusals.
 */
function checkTriggers(
  draft: OrderDraft,
  entry: string,
  liquidation: string | null,
): OrderBlock | { take_profit: string | null; stop_loss: string | null } {
  const against = draft.orderType === 'limit' ? 'the limit price' : 'the current price';
  const long = draft.side === 'buy';
  const typed = (value: string | undefined) => (value ?? '').trim();
  let takeProfit: string | null = null;
  let stopLoss: string | null = null;
  if (typed(draft.takeProfit) !== '') {
    takeProfit = validPrice(typed(draft.takeProfit));
    if (!takeProfit) return { reason: TRADE_MSG.enterTakeProfit, field: 'takeProfit' };
    if (long ? cmp(takeProfit, entry) <= 0 : cmp(takeProfit, entry) >= 0)
      return { reason: TRADE_MESSAGES.takeProfitWrongSide(draft.side, against, entry), field: 'takeProfit' };
  }
  if (typed(draft.stopLoss) !== '') {
    stopLoss = validPrice(typed(draft.stopLoss));
    if (!stopLoss) return { reason: TRADE_MSG.enterStopLoss, field: 'stopLoss' };
    if (long ? cmp(stopLoss, entry) >= 0 : cmp(stopLoss, entry) <= 0)
      return { reason: TRADE_MESSAGES.stopLossWrongSide(draft.side, against, entry), field: 'stopLoss' };
    if (liquidation && (long ? cmp(stopLoss, liquidation) <= 0 : cmp(stopLoss, liquidation) >= 0))
      return { reason: TRADE_MESSAGES.stopLossBeyondLiquidation(draft.side, liquidation), field: 'stopLoss' };
  }
  return { take_profit: takeProfit, stop_loss: stopLoss };
}

/** The part of an order that makes two submissions "the same" (the quoted price is only a sanity check). */
export function orderIdentity(payload: TradeCreationInput) {
  const { starting_price: _price, ...identity } = payload;
  return identity;
}
