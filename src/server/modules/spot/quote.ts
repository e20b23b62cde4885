/**
 * The price the house trades a spot order at (docs/decisions/0026-spot-orders.md): the best ask of
 * the order book the app serves for a buy, its best bid for a sell, and the server's mark when that
 * book has no such level (or no book at all). Nothing trades on a missing or stale mark: the
 * request is fine, the market is not (503, try again).
 */
import { SPOT_MSG, type SpotSide } from '../../../shared/api/spot.js';
import { QUOTE_CURRENCY } from '../../../shared/constants.js';
import { dec } from '../../../shared/money.js';
import { unavailable } from '../../errors.js';
import type { MarketService } from '../market/index.js';
import { msg } from '../../../shared/message.js';

type Market = Pick<MarketService, 'markPrice' | 'exchange'>;

/** numeric(38, 18) keeps 18 places. */
const PRICE_SCALE = 18;

/** A positive decimal price, canonical; null when it is not one. */
function positivePrice(value: string | undefined): string | null {
  if (value === undefined) return null;
  try {
    const price = dec(value);
    return price.isFinite() && price.gt(0) ? price.toDecimalPlaces(PRICE_SCALE).toFixed() : null;
  } catch {
    return null;
  }
}

/** The coin's mark, or null when there is none, it is not a price, or it is stale. Never throws. */
export async function usableMark(market: Pick<MarketService, 'markPrice'>, coin: string): Promise<string | null> {
  try {
    const mark = await market.markPrice(coin);
    return mark && !mark.stale ? positivePrice(mark.price) : null;
  } catch {
    return null;
  }
}

export interface Quote {
  /** What a buy pays (the ask) or a sell gets (the bid) per coin. */
  price: string;
  /** The server's mark at the same moment. */
  mark: string;
}

/** The house's price for `side` of `coin` now; a 503 when the coin has no fresh mark. */
export async function quoteOf(market: Market, coin: string, side: SpotSide): Promise<Quote> {
  const mark = await usableMark(market, coin);
  if (mark === null) throw unavailable(msg(SPOT_MSG, 'priceUnavailable', coin));
  let best: string | null = null;
  try {
    const book = await market.exchange.depth(`${coin}${QUOTE_CURRENCY}`, 1);
    best = positivePrice((side === 'buy' ? book.asks : book.bids)[0]?.[0]);
  } catch {
    best = null; // no book for the pair right now: the mark
  }
  return { price: best ?? mark, mark };
}
