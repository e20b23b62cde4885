/**
 * The Exchange screen's spot order, worked out before it is sent (docs/architecture.md
 * "Spot orders"): the price it would trade at, its value, the 0.1 % fee in USDT and the total, the
 * 25-100 % shares of the real funding balance, and why it cannot go yet. The server decides; this
 * only previews with the same arithmetic (shared/money.ts spotCost, spotProceeds, spotFee).
 */
import Decimal from 'decimal.js';
import type { SpotOrderInput, SpotRules, SpotSide, SpotType } from '../../../shared/api/spot';
import type { SpotPair } from '../../../shared/market';
import { SPOT_MESSAGES, SPOT_MSG } from '../../../shared/api/spot';
import { msg, type Message } from '../../../shared/message';
import { MIN_ORDER_NOTIONAL, QUOTE_CURRENCY } from '../../../shared/constants';
import {
  add,
  cmp,
  dec,
  isAmount,
  spotCost,
  spotFee,
  spotProceeds,
  sub,
  toAmount,
  type Dec,
} from '../../../shared/money';

export interface SpotDraft {
  pair: SpotPair;
  side: SpotSide;
  type: SpotType;
  /** What the trader typed. */
  quantity: string;
  price: string;
  /** The pair's last price (a market order's estimate; the server trades at its ask or bid). */
  lastPrice: string | undefined;
  /** Funding balances: USDT and the coin (undefined until loaded). */
  usdt: string | undefined;
  coinBalance: string | undefined;
  rules: SpotRules | undefined;
}

export interface SpotPreview {
  /** The price the preview uses: the limit, or the last price for a market order. */
  price: string | null;
  value: string | null;
  fee: string | null;
  /** USDT a buy pays (value + fee) or a sell receives (value - fee). */
  total: string | null;
  /** Why it cannot be sent yet; the field it is about. */
  /** A plain table text, or a made text as a Message so it is shown by its code (docs/decisions/0076). */
  block: { reason: string | Message; field?: 'quantity' | 'price' } | null;
  payload: SpotOrderInput | null;
}

const decimalsOf = (value: string) => (value.includes('.') ? value.split('.')[1]!.length : 0);
const positive = (value: string) => isAmount(value) && dec(value).gt(0);

export function previewSpot(draft: SpotDraft): SpotPreview {
  const { pair, side, type, rules } = draft;
  const quantity = draft.quantity.trim();
  const limit = draft.price.trim();
  const none = (reason: string | Message, field?: 'quantity' | 'price'): SpotPreview => ({
    price: null,
    value: null,
    fee: null,
    total: null,
    block: { reason, ...(field ? { field } : {}) },
    payload: null,
  });

  if (type === 'limit') {
    if (limit === '' || !positive(limit)) return none(msg(SPOT_MSG, 'enterPrice'), 'price');
    if (decimalsOf(limit) > pair.priceDecimals)
      return none(msg(SPOT_MSG, 'priceDecimals', pair.coin, pair.priceDecimals), 'price');
  }
  const price = type === 'limit' ? limit : (draft.lastPrice ?? null);
  if (quantity === '' || !positive(quantity)) return none(SPOT_MSG.enterQuantity, 'quantity');
  if (decimalsOf(quantity) > pair.qtyDecimals)
    return none(SPOT_MESSAGES.quantityDecimals(pair.coin, pair.qtyDecimals), 'quantity');
  if (price === null || !rules) return none(SPOT_MSG.waitingForPrice);

  const value = side === 'buy' ? spotCost(quantity, price) : spotProceeds(quantity, price);
  const fee = spotFee(quantity, price, rules.fee_rate);
  const total = (side === 'buy' ? add(value, fee) : sub(value, fee)).toFixed();
  const shown = { price, value, fee, total };
  const blocked = (reason: string | Message, field?: 'quantity' | 'price'): SpotPreview => ({
    ...shown,
    block: { reason, ...(field ? { field } : {}) },
    payload: null,
  });

  if (cmp(value, MIN_ORDER_NOTIONAL) < 0)
    return blocked(msg(SPOT_MSG, 'belowMinNotional', toAmount(value)), 'quantity');
  const [currency, needed, held] =
    side === 'buy' ? [QUOTE_CURRENCY, total, draft.usdt] : [pair.coin, quantity, draft.coinBalance];
  if (held === undefined) return blocked(SPOT_MSG.waitingForBalance);
  if (cmp(needed, held) > 0) return blocked(SPOT_MESSAGES.insufficient(currency, needed, held), 'quantity');
  return {
    ...shown,
    block: null,
    payload: {
      symbol: pair.symbol,
      side,
      type,
      quantity,
      ...(type === 'limit' ? { price: limit } : {}),
    },
  };
}

/**
 * `percent` of the real balance as a quantity: of the coin for a sell; of USDT for a buy, at `price`
 * with the fee on top, so 100 % is what the balance can pay. Rounded down to the pair's step; null
 * when the balance or price is not known yet.
 */
export function shareOfBalance(
  percent: number,
  draft: Pick<SpotDraft, 'pair' | 'side' | 'usdt' | 'coinBalance' | 'rules'>,
  price: string | null,
): string | null {
  const { pair } = draft;
  const round = (value: Dec) => dec(value).toDecimalPlaces(pair.qtyDecimals, Decimal.ROUND_DOWN).toFixed();
  if (draft.side === 'sell') {
    if (draft.coinBalance === undefined) return null;
    return round(dec(draft.coinBalance).times(percent).div(100));
  }
  if (draft.usdt === undefined || price === null || !dec(price).gt(0) || !draft.rules) return null;
  const spend = dec(draft.usdt).times(percent).div(100);
  return round(spend.div(dec(price).times(dec(1).plus(draft.rules.fee_rate))));
}
