/**
 * `<symbol>@trade` and `<symbol>@aggTrade` from our own fills (docs/architecture.md "Public
 * streams", docs/decisions/0032): every spot order filled on that symbol (COINUSDT) is one trade,
 * and one aggregate trade of its own. The house is the other side of every fill.
 *
 * - ids: the spot order's id is the trade id (t), the aggregate id (a) and its first and last trade
 *   ids (f, l); T is the fill time;
 * - m (the buyer is the maker): the order that rested before it filled is the maker; an order
 *   filled when placed (market, or a limit the price had reached) is the taker, the house the maker.
 *   So a buy is the maker when it rested, a sell when it did not (the house bought as maker).
 *
 * Fills are found on the spot_orders NOTIFY (migration 0009, a user id per change, on every
 * instance): only while someone here listens to a trade stream, that user's fills of the last
 * minute are read and those not sent yet are published, in fill order.
 */
import { and, asc, eq, gte } from 'drizzle-orm';
import { QUOTE_CURRENCY } from '../../../shared/constants.js';
import { toFixed } from '../../../shared/money.js';
import type { AppContext } from '../../context.js';
import { SPOT_ORDERS_CHANGED } from '../../db/channels.js';
import { logBackgroundFailure } from '../../db/errors.js';
import { spotOrders } from '../spot/schema.js';
import type { StreamHub } from '../../lib/stream-hub.js';
import { MARKET_FAMILY } from './streams.js';
import { parseTopic } from './topics.js';

/** Fills older than this when their notification is handled are not sent (a late subscriber's past). */
const RECENT_MS = 60_000;

type Fill = Pick<
  typeof spotOrders.$inferSelect,
  'id' | 'coin' | 'side' | 'quantity' | 'filledPrice' | 'createdAt' | 'filledAt'
>;

/** The exchange writes prices and quantities with 8 decimals. */
const exchangeNumber = (value: string) => toFixed(value, 8);

function tradeEvents(fill: Fill, time: number) {
  const symbol = `${fill.coin}${QUOTE_CURRENCY}`;
  const filledAt = fill.filledAt!.getTime();
  const rested = filledAt > fill.createdAt.getTime();
  const buyerIsMaker = fill.side === 'buy' ? rested : !rested;
  const price = exchangeNumber(fill.filledPrice!);
  const quantity = exchangeNumber(fill.quantity);
  return {
    trade: { e: 'trade', E: time, s: symbol, t: fill.id, p: price, q: quantity, T: filledAt, m: buyerIsMaker, M: true },
    aggTrade: {
      e: 'aggTrade',
      E: time,
      s: symbol,
      a: fill.id,
      p: price,
      q: quantity,
      f: fill.id,
      l: fill.id,
      T: filledAt,
      m: buyerIsMaker,
      M: true,
    },
  };
}

export function startTradeStreams(ctx: Pick<AppContext, 'db' | 'changes' | 'clock' | 'log'>, hub: StreamHub) {
  /** Fills sent, by order id, with their fill time (forgotten once older than RECENT_MS). */
  const sent = new Map<number, number>();
  let chain: Promise<void> = Promise.resolve();

  /** Symbols with a trade or aggTrade subscriber here. */
  function listened(): Set<string> {
    const symbols = new Set<string>();
    for (const topic of hub.activeTopics(MARKET_FAMILY)) {
      const parsed = parseTopic(topic);
      if (parsed?.kind === 'trade' || parsed?.kind === 'aggTrade') symbols.add(parsed.symbol);
    }
    return symbols;
  }

  async function publishFills(userId: number): Promise<void> {
    const symbols = listened();
    if (symbols.size === 0) return;
    const now = ctx.clock.now().getTime();
    for (const [id, at] of sent) if (at < now - 2 * RECENT_MS) sent.delete(id);
    const fills = await ctx.db
      .select({
        id: spotOrders.id,
        coin: spotOrders.coin,
        side: spotOrders.side,
        quantity: spotOrders.quantity,
        filledPrice: spotOrders.filledPrice,
        createdAt: spotOrders.createdAt,
        filledAt: spotOrders.filledAt,
      })
      .from(spotOrders)
      .where(
        and(
          eq(spotOrders.userId, userId),
          eq(spotOrders.status, 'filled'),
          gte(spotOrders.filledAt, new Date(now - RECENT_MS)),
        ),
      )
      .orderBy(asc(spotOrders.filledAt), asc(spotOrders.id));
    for (const fill of fills) {
      if (sent.has(fill.id) || !fill.filledAt || !fill.filledPrice) continue;
      sent.set(fill.id, fill.filledAt.getTime());
      const symbol = `${fill.coin}${QUOTE_CURRENCY}`;
      if (!symbols.has(symbol)) continue;
      const events = tradeEvents(fill, ctx.clock.now().getTime());
      const lower = symbol.toLowerCase();
      const trade = JSON.stringify(events.trade);
      const aggTrade = JSON.stringify(events.aggTrade);
      for (const topic of hub.activeTopics(MARKET_FAMILY)) {
        if (!topic.startsWith(`${lower}@`)) continue;
        const kind = parseTopic(topic)?.kind;
        if (kind === 'trade') hub.publish(topic, trade);
        else if (kind === 'aggTrade') hub.publish(topic, aggTrade);
      }
    }
  }

  return ctx.changes.watch(SPOT_ORDERS_CHANGED, (userId) => {
    // A lost LISTEN connection (null) may have hidden fills: they are not replayed (docs/decisions/0032).
    if (userId === null || listened().size === 0) return;
    // One read after another, so fills go out in order and each once.
    chain = chain
      .then(() => publishFills(userId))
      .catch((error: unknown) => logBackgroundFailure(ctx.log, 'trade streams', error));
  });
}
