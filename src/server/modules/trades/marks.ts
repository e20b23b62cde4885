/**
 * The server's mark price: the only price a trade opens, closes, fills or liquidates at
 * (docs/architecture.md section 5). A client's price is a sanity check against it, never used.
 */
import { TRADE_MESSAGES, TRADE_MSG } from '../../../shared/api/trade.js';
import { IN_HOUSE_COIN } from '../../../shared/constants.js';
import { dec } from '../../../shared/money.js';
import { badRequest, conflict, unavailable } from '../../errors.js';
import type { MarketService } from '../market/index.js';
import { msg } from '../../../shared/message.js';
import { memoByText } from '../../lib/memo.js';

export type Market = Pick<MarketService, 'markPrice'>;

/** A usable mark: a positive decimal price, and whether the feed is too old to act on. */
export interface Mark {
  price: string;
  stale: boolean;
}

/** numeric(38, 18) keeps 18 places. */
const PRICE_SCALE = 18;

/** The market's price as a canonical decimal, or null when it is not a positive number (once per price text). */
const parsePrice = memoByText((price: string): string | null => {
  try {
    const value = dec(price);
    return value.isFinite() && value.gt(0) ? value.toDecimalPlaces(PRICE_SCALE).toFixed() : null;
  } catch {
    return null;
  }
});

/** The mark of a coin for showing and deciding; null when there is none at all. Never throws. */
export async function readMark(market: Market, coin: string): Promise<Mark | null> {
  try {
    const mark = await market.markPrice(coin);
    const price = mark ? parsePrice(mark.price) : null;
    return mark && price !== null ? { price, stale: mark.stale } : null;
  } catch {
    return null;
  }
}

/**
 * The mark a user's trade may act on now: an unknown coin is a 400; a missing, invalid or stale
 * price is a 503 (the request is fine, the market is not: try again shortly). `opening` the in-house
 * coin while its mark still walks to a new staff price is a 409 (docs/decisions/0019): a trade opened
 * at the old mark would win the walk for sure.
 */
export async function freshMark(market: Market, coin: string, options: { opening?: boolean } = {}): Promise<string> {
  let mark: Awaited<ReturnType<Market['markPrice']>>;
  try {
    mark = await market.markPrice(coin);
  } catch {
    throw unavailable(msg(TRADE_MSG, 'priceUnavailable', coin));
  }
  if (!mark) throw badRequest(msg(TRADE_MSG, 'cannotTrade', coin), { coin: msg(TRADE_MSG, 'cannotTrade', coin) });
  const price = parsePrice(mark.price);
  if (price === null || mark.stale) throw unavailable(msg(TRADE_MSG, 'priceUnavailable', coin));
  if (options.opening && mark.walking && coin.trim().toUpperCase() === IN_HOUSE_COIN)
    throw conflict(TRADE_MESSAGES.markWalking(IN_HOUSE_COIN));
  return price;
}
