/**
 * The rules of the Lever order form, kept out of the screen: what an order would cost (margin,
 * liquidation price) before the trader confirms, and why it cannot be sent yet. The math is the
 * server's own (src/shared/money.ts), so the preview and the debit agree.
 */
import {
  TRADE_MSG,
  handsInput,
  leverageInput,
  priceInput,
  type TradeCreationInput,
  type TradeSide,
} from '../../../shared/api/trade';
import {
  DEFAULT_LEVERAGE,
  DEFAULT_MAINTENANCE_MARGIN_RATE,
  QUOTE_CURRENCY,
  type Leverage,
  type OrderType,
} from '../../../shared/constants';
import { cmp, dec, liquidationPrice, tradeMargin } from '../../../shared/money';
import { formatUsdtHeld, formatUsdtNeeded } from './display';

/** Our texts for an order that cannot be sent yet (docs/product.md gives none). */
export const ORDER_FORM_MSG = {
  enterHands: 'Enter the number of hands',
  waitingForPrice: (coin: string) => `Waiting for the price of ${coin}`,
  waitingForBalance: 'Loading your lever balance',
  enterLimitPrice: 'Enter a limit price',
  insufficientMargin: (needed: string, available: string) =>
    `Not enough margin: this order needs ${needed} ${QUOTE_CURRENCY} and your lever account has ${available} ${QUOTE_CURRENCY}.`,
} as const;

/** A new form: buy at market price with the default 100X (docs/product.md 9). */
export const DEFAULT_ORDER = { side: 'buy', orderType: 'market', leverage: DEFAULT_LEVERAGE } as const satisfies {
  side: TradeSide;
  orderType: OrderType;
  leverage: Leverage;
};

/** '100X' as the leverage choice shows it. */
export const leverageLabel = (leverage: Leverage) => `${leverage}X`;

/** A leverage from a label, a number or a stored choice; anything unknown is the default 100X. */
export function parseLeverage(value: unknown): Leverage {
  const parsed = leverageInput.safeParse(value);
  return parsed.success ? parsed.data : DEFAULT_LEVERAGE;
}

export interface OrderDraft {
  coin: string;
  side: TradeSide;
  orderType: OrderType;
  leverage: Leverage;
  /** As typed. */
  hands: string;
  /** As typed; used for limit orders only. */
  limitPrice: string;
  /** The live price; undefined until the first quote. */
  currentPrice: string | undefined;
  /** Lever wallet USDT; undefined until loaded. */
  balance: string | undefined;
}

/** Why the button is disabled; `transfer` says the fix is a transfer into the lever account. */
interface OrderBlock {
  reason: string;
  transfer?: boolean;
  /** A field to mark as wrong, if one is. */
  field?: 'hands' | 'limitPrice';
}

export interface OrderPreview {
  /** The price the position would open at: the limit for a limit order, else the current price. */
  entryPrice: string | null;
  margin: string | null;
  liquidationPrice: string | null;
  /** The most hands the balance covers at this price and leverage (8 places, rounded down). */
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

export function previewOrder(draft: OrderDraft): OrderPreview {
  const currentPrice = validPrice(draft.currentPrice);
  const limitPrice = draft.orderType === 'limit' ? validPrice(draft.limitPrice) : null;
  const entryPrice = draft.orderType === 'limit' ? limitPrice : currentPrice;
  const handsParsed = handsInput.safeParse(draft.hands);
  const hands = handsParsed.success ? handsParsed.data : null;

  const maxHands =
    entryPrice && draft.balance !== undefined
      ? dec(draft.balance).times(draft.leverage).div(entryPrice).toDecimalPlaces(8).toFixed()
      : null;
  const margin = hands && entryPrice ? tradeMargin(hands, entryPrice, draft.leverage) : null;
  const liquidation =
    hands && entryPrice && margin
      ? liquidationPrice(draft.side, hands, entryPrice, margin, DEFAULT_MAINTENANCE_MARGIN_RATE)
      : null;
  const preview = { entryPrice, margin, liquidationPrice: liquidation, maxHands };

  const blocked = (block: OrderBlock): OrderPreview => ({ ...preview, block, payload: null });
  if (draft.hands.trim() === '') return blocked({ reason: ORDER_FORM_MSG.enterHands });
  if (!handsParsed.success) {
    return blocked({ reason: handsParsed.error.issues[0]?.message ?? TRADE_MSG.enterHands, field: 'hands' });
  }
  if (draft.orderType === 'limit' && draft.limitPrice.trim() === '')
    return blocked({ reason: ORDER_FORM_MSG.enterLimitPrice });
  if (draft.orderType === 'limit' && !limitPrice)
    return blocked({ reason: TRADE_MSG.enterLimitPrice, field: 'limitPrice' });
  if (!currentPrice) return blocked({ reason: ORDER_FORM_MSG.waitingForPrice(draft.coin) });
  if (draft.balance === undefined) return blocked({ reason: ORDER_FORM_MSG.waitingForBalance });
  if (margin && cmp(margin, draft.balance) > 0) {
    return blocked({
      reason: ORDER_FORM_MSG.insufficientMargin(formatUsdtNeeded(margin), formatUsdtHeld(draft.balance)),
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
    },
  };
}

/** The part of an order that makes two submissions "the same" (the quoted price is only a sanity check). */
export function orderIdentity(payload: TradeCreationInput) {
  const { starting_price: _price, ...identity } = payload;
  return identity;
}
