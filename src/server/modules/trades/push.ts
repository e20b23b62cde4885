/**
 * Positions pushed live (issue 17 "Live positions", docs/architecture.md "Realtime",
 * docs/decisions/0027): after LOGIN a connection may subscribe to `positions@user.<its id>` and
 * gets `{"e": "positions", "trades": [...]}`, the very items GET /api-v1/get-active-trades/ returns
 * (service.ts `itemsAt`, the one view of a live trade):
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
import type { createTradeService } from './service.js';

type TradeService = ReturnType<typeof createTradeService>;

/** Price moves are pushed at most once per this many ms of the server clock (per user). */
export const POSITIONS_PRICE_PUSH_MS = 1_000;

export interface PositionsStream {
  stream: UserStream;
  /** One tick's re-pricing of every subscribed user (the market's tick calls it; tests and the bench too). */
  tick(): Promise<void>;
  stop(): void;
}

const frameOf = (trades: PositionsEvent['trades']) =>
  JSON.stringify({ e: 'positions', trades } satisfies PositionsEvent);

export function registerPositionsStream(
  ctx: Pick<AppContext, 'streams' | 'changes' | 'log' | 'market' | 'clock'>,
  trades: TradeService,
): PositionsStream {
  /** Each subscribed user's live rows as last read, and the clock second of the last price push. */
  const kept = new Map<number, { rows: TradeRow[]; pricedIn?: number }>();

  const stream = createUserStream(ctx, {
    name: 'positions',
    changes: TRADES_CHANGED,
    async read(userId) {
      const rows = await trades.liveRows(userId);
      const entry = kept.get(userId);
      if (entry) entry.rows = rows;
      else kept.set(userId, { rows });
      return frameOf(trades.itemsAt(rows, await trades.marksOf(rows.map((row) => row.coin))));
    },
  });

  let ticking: Promise<void> | undefined;
  let tickAgain = false;
  /** Ticks never overlap: one that comes while another works runs when it ends (with the newest marks). */
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
    const due = users.filter((userId) => {
      const entry = kept.get(userId);
      return entry !== undefined && entry.pricedIn !== second && entry.rows.length > 0;
    });
    if (due.length === 0) return;
    const coins = new Set<string>();
    for (const userId of due) for (const row of kept.get(userId)!.rows) coins.add(row.coin);
    const marks = await trades.marksOf([...coins]);
    for (const userId of due) {
      const entry = kept.get(userId);
      // A read under way brings fresher rows and prices them itself.
      if (!entry || stream.reading(userId)) continue;
      if (stream.offer(userId, frameOf(trades.itemsAt(entry.rows, marks)))) entry.pricedIn = second;
    }
  }

  const stopTicks = ctx.market.onTick(() => {
    tick().catch((error: unknown) => logBackgroundFailure(ctx.log, 'positions tick', error));
  });

  return {
    stream,
    tick,
    stop() {
      stopTicks();
      stream.stop();
    },
  };
}
