/**
 * The walked mark (docs/architecture.md section 5, docs/decisions/0019-risk-engine.md): the price every
 * trade opens, closes, fills and liquidates at. It follows the raw price (the feed's last price, or
 * the staff's USDO price) in steps of at most MARK_STEP of the price, and the risk engine processes
 * each step (fills, liquidations) before the mark takes the next one: so no position's equity can
 * jump from above its maintenance margin (0.5 %) to below zero, and a hedged pair can never gain
 * from a jump while both legs are open.
 *
 * The walk lives in this process: each instance walks its own marks. A step is proposed (`next`)
 * and only shown once the caller `commit`s it, after acting on what it crossed.
 */
import Decimal from 'decimal.js';
import { dec } from '../../../shared/money.js';
import type { MarkPrice, MarketService } from './types.js';
import { memoByText } from '../../lib/memo.js';

/** At most 0.2 % of the price per step: below the 0.5 % maintenance margin (docs/decisions/0019). */
export const MARK_STEP = '0.002';

/** numeric(38, 18) keeps 18 places. */
const PRICE_SCALE = 18;

/** One step from `from` toward `raw`: `raw` itself when it is within `step` of `from`. */
function stepToward(from: string, raw: string, step: string = MARK_STEP): string {
  const start = dec(from);
  const target = dec(raw);
  const room = start.times(step);
  if (target.minus(start).abs().lte(room)) return target.toFixed();
  const up = target.gt(start);
  // Rounded toward `from`, so a step is never longer than `step`.
  const next = (up ? start.plus(room) : start.minus(room)).toDecimalPlaces(
    PRICE_SCALE,
    up ? Decimal.ROUND_FLOOR : Decimal.ROUND_CEIL,
  );
  // A price so small that a step rounds to nothing: take the raw price (nothing can be crossed in between).
  return next.eq(start) ? target.toFixed() : next.toFixed();
}

/** A proposed step of a coin's mark. */
export interface MarkStep {
  /** The mark shown now. */
  from: string;
  /** The mark after this step (equal to `from` when it is already at the raw price). */
  to: string;
  /** The mark has further to go after this step. */
  walking: boolean;
}

export interface MarkWalk {
  /**
   * The next step of `coin`'s mark toward its raw price, not yet shown: null when there is no raw
   * price or it is stale (the mark does not move on a price nobody can trust).
   */
  next(coin: string): Promise<MarkStep | null>;
  /** Show `to` as the mark of `coin` (after what the step crossed was acted on). */
  commit(coin: string, to: string): void;
  /** The coins whose mark this process has shown. */
  coins(): string[];
  /**
   * The marks of this process are the raw prices, unwalked: there is no risk engine here
   * (TRADE_JOB_INTERVAL_MS=0) to act on the steps. The risk engine turns this off when it starts.
   */
  follow: boolean;
  /** The step size (MARK_STEP; a test may set a huge one to show what the walk prevents). */
  step: string;
}

export interface WalkedMarket extends MarketService {
  readonly walk: MarkWalk;
}

/** The market's walk, when it has one (a test's fake market may not: its mark is its raw price). */
export const walkOf = (market: Pick<MarketService, 'markPrice'>): MarkWalk | undefined =>
  (market as Partial<WalkedMarket>).walk;

/** Read for every mark asked (each request and tick): parsed once per price text. */
const validPrice = memoByText((price: string): boolean => {
  try {
    const value = dec(price);
    return value.isFinite() && value.gt(0);
  } catch {
    return false;
  }
});

/** Whether the two prices of `mark raw` are one number (asked per mark read; parsed once per pair). */
const samePrice = memoByText((pair: string): boolean => {
  const [mark, raw] = pair.split(' ') as [string, string];
  return mark === raw || dec(mark).eq(raw);
});

/**
 * `raw` with walked marks: markPrice answers the walked mark (`walking` while it is on its way to
 * the raw price); everything else is `raw`'s.
 */
export function walkMarks(raw: MarketService, options: { follow: boolean }): WalkedMarket {
  const marks = new Map<string, string>();
  const key = (coin: string) => coin.trim().toUpperCase();

  const walk: MarkWalk = {
    follow: options.follow,
    step: MARK_STEP,
    async next(coin) {
      const asset = key(coin);
      const price = await raw.markPrice(asset);
      if (!price || price.stale || !validPrice(price.price)) return null;
      const from = marks.get(asset);
      // The first sight of a coin: its mark starts at the raw price (the engine checks what it has crossed).
      if (from === undefined || walk.follow) return { from: from ?? price.price, to: price.price, walking: false };
      const to = stepToward(from, price.price, walk.step);
      return { from, to, walking: !dec(to).eq(price.price) };
    },
    commit(coin, to) {
      marks.set(key(coin), to);
    },
    coins: () => [...marks.keys()],
  };

  return {
    exchange: raw.exchange,
    walk,
    async markPrice(coin): Promise<MarkPrice | null> {
      const asset = key(coin);
      const price = await raw.markPrice(asset);
      if (!price || !validPrice(price.price)) return price;
      let mark = marks.get(asset);
      if (mark === undefined || walk.follow) {
        marks.set(asset, price.price);
        mark = price.price;
      }
      return { ...price, price: mark, walking: !samePrice(`${mark} ${price.price}`) };
    },
    onTick: (listener) => raw.onTick(listener),
    start: () => raw.start(),
    stop: () => raw.stop(),
  };
}
