/**
 * Positions pushed live (docs/decisions/0027-positions-push.md, docs/architecture.md "Realtime",
 * docs/decisions/0027): after LOGIN a connection may subscribe to `positions@user.<its id>` and
 * gets `{"e": "positions", "trades": [...]}`, the very items GET /api-v1/get-active-trades/ returns
 * (view.ts `tradeItemsJson`, the one view of a live trade):
 * - right after subscribing (the current state);
 * - at once when the user's trades change (open, close, fill, TP/SL, liquidation): the trades
 *   trigger (migration 0002) notifies every instance, and this process's own changes do not wait
 *   for the notification (service.ts `changing`);
 * - when a price the user holds moves, at most once per second of the server's clock: each tick
 *   re-prices the rows kept per subscribed user with marks read once per coin for everyone, so a
 *   tick costs no database read at all (only a change reads that user's rows again, once).
 * A frame equal to the last one sent is not sent again.
 */
import type { PositionsEvent } from '../../../shared/api/streams.js';
import type { AppContext } from '../../context.js';
import { logBackgroundFailure } from '../../db/errors.js';
import { createUserStream, type UserStream } from '../realtime/index.js';
import { TRADES_CHANGED, type TradeRow } from './lifecycle.js';
import type { Mark } from './marks.js';
import type { createTradeService } from './service.js';
import { tradeItemsJson } from './view.js';

type TradeService = ReturnType<typeof createTradeService>;

/** Price moves are pushed at most once per this many ms of the server clock (per user). */
const POSITIONS_PRICE_PUSH_MS = 1_000;
/** Users priced in one go of a tick before requests waiting meanwhile are served. */
const USERS_PER_SLICE = 50;

export interface PositionsStream {
  stream: UserStream;
  /** One tick's re-pricing of every subscribed user (the market's tick calls it). */
  tick(): Promise<void>;
  stop(): void;
}

const markKey = (mark: Mark | null | undefined) => (mark ? `${mark.price}${mark.stale ? ' stale' : ''}` : '');
/**
 * `JSON.stringify({ e: 'positions', trades } satisfies PositionsEvent)`, the trades made from each
 * trade's text (view.ts `tradeItemsJson`, as GET get-active-trades sends them): no item objects per
 * trade per tick (docs/decisions/0059-cpu-per-trader.md).
 */
const EVENT: PositionsEvent['e'] = 'positions';
const FRAME_HEAD = `{"e":${JSON.stringify(EVENT)},"trades":`;
const frameOf = (rows: readonly TradeRow[], marks: ReadonlyMap<string, Mark | null>) =>
  `${FRAME_HEAD}${tradeItemsJson(rows, marks)}}`;

export function registerPositionsStream(
  ctx: Pick<AppContext, 'streams' | 'changes' | 'log' | 'market' | 'clock'>,
  trades: TradeService,
): PositionsStream {
  /**
   * Each subscribed user's live rows as last read, the clock second of the last price push, and the
   * marks it was priced at (unchanged marks: nothing to work out, the frame would be the same).
   */
  const kept = new Map<number, { rows: TradeRow[]; pricedIn?: number; pricedAt?: string }>();

  const stream = createUserStream(ctx, {
    name: 'positions',
    changes: TRADES_CHANGED,
    async read(userId) {
      const rows = await trades.liveRows(userId);
      const entry = kept.get(userId);
      if (entry) {
        entry.rows = rows;
        entry.pricedAt = undefined;
      } else kept.set(userId, { rows });
      return frameOf(rows, await trades.marksOf(rows.map((row) => row.coin)));
    },
  });

  let ticking: Promise<void> | undefined;
  let trailing: NodeJS.Timeout | undefined;
  let tickAgain = false;
  /**
   * Ticks never overlap: one that comes while another works (a market tick or the trailing timer
   * below) runs when it ends, with the newest marks.
   */
  function tick(): Promise<void> {
    if (ticking) {
      tickAgain = true;
      return ticking;
    }
    ticking = priceAll().finally(() => {
      ticking = undefined;
      if (tickAgain) {
        tickAgain = false;
        void tick();
      }
    });
    return ticking;
  }

  async function priceAll(): Promise<void> {
    const second = Math.floor(ctx.clock.now().getTime() / POSITIONS_PRICE_PUSH_MS);
    const users = stream.users();
    const following = new Set(users);
    for (const userId of kept.keys()) if (!following.has(userId)) kept.delete(userId);
    // Without the LISTEN connection another instance's changes go unseen: read each user again
    // (what the 1 s poll would cost) until it is back.
    if (!ctx.changes.listening()) {
      for (const userId of users) stream.push(userId);
      return;
    }
    const due: number[] = [];
    let deferred = false;
    for (const userId of users) {
      const entry = kept.get(userId);
      if (!entry || entry.rows.length === 0) continue;
      if (entry.pricedIn === second) deferred = true;
      else due.push(userId);
    }
    // A market tick for users pushed already this second: the next second brings its price, even
    // from a market that ticks only when a price changes. (The simulator and the exchange tick once
    // a second, so they rarely get here.) The timer sets another when it fired while the clock still
    // read the old second: timers and the wall clock drift apart by a millisecond or more, and a
    // price dropped there stayed unshown until the market moved again. It stops once those users
    // are priced in the new second.
    if (deferred)
      trailing ??= setTimeout(
        () => {
          trailing = undefined;
          tick().catch((error: unknown) => logBackgroundFailure(ctx.log, 'positions tick', error));
        },
        POSITIONS_PRICE_PUSH_MS - (ctx.clock.now().getTime() % POSITIONS_PRICE_PUSH_MS) + 1,
      ).unref();
    if (due.length === 0) return;
    const coins = new Set<string>();
    for (const userId of due) for (const row of kept.get(userId)!.rows) coins.add(row.coin);
    const marks = await trades.marksOf([...coins]);
    for (const [i, userId] of due.entries()) {
      // Thousands of users are priced in slices, so requests are served between them.
      if (i > 0 && i % USERS_PER_SLICE === 0) await new Promise((resolve) => setImmediate(resolve));
      const entry = kept.get(userId);
      // A read under way brings fresher rows and prices them itself.
      if (!entry || stream.reading(userId)) continue;
      const pricedAt = entry.rows.map((row) => markKey(marks.get(row.coin))).join();
      if (pricedAt === entry.pricedAt) continue;
      if (stream.offer(userId, frameOf(entry.rows, marks))) {
        entry.pricedIn = second;
        entry.pricedAt = pricedAt;
      }
    }
  }

  const stopTicks = ctx.market.onTick(() => {
    // The positions frames of a tick leave with its tickers, one write per connection
    // (lib/stream-hub.ts `hold`, docs/decisions/0059-cpu-per-trader.md).
    const release = ctx.streams.hold();
    tick()
      .catch((error: unknown) => logBackgroundFailure(ctx.log, 'positions tick', error))
      .finally(release);
  });

  return {
    stream,
    tick: () => tick(),
    stop() {
      clearTimeout(trailing);
      stopTicks();
      stream.stop();
    },
  };
}
