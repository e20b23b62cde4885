/** GET /api-v1/trade-history/: a user's finished trades with the prices sampled while they were open. */
import { and, desc, eq, inArray, lt, sql, type SQL } from 'drizzle-orm';
import {
  TRADE_HISTORY_POINTS,
  type PricePoint,
  type TradeHistoryItem,
  type TradeHistoryQuery,
} from '../../../shared/api/trade.js';
import { canonical } from '../../../shared/money.js';
import type { Queryable } from '../../db/database.js';
import { trades } from './schema.js';
import { toTradeHistoryItem } from './view.js';

/**
 * The price points of some trades, oldest first. A long-open trade has thousands; it is thinned
 * evenly in SQL to at most TRADE_HISTORY_POINTS, keeping the first (entry) and the last (close).
 */
async function pricePoints(db: Queryable, tradeIds: number[]): Promise<Map<number, PricePoint[]>> {
  const points = new Map<number, PricePoint[]>(tradeIds.map((id) => [id, []]));
  if (tradeIds.length === 0) return points;
  const ids = sql.join(
    tradeIds.map((id) => sql`${id}`),
    sql`, `,
  );
  // Every step-th point from the first, plus the last: at most (P - 1) + 1 = P points.
  const { rows } = await db.execute<{ trade_id: number | string; price: string; created_at: Date | string }>(sql`
    select trade_id, price::text as price, created_at
    from (
      select h.id, h.trade_id, h.price, h.created_at,
             row_number() over w as rn, count(*) over (partition by h.trade_id) as n
      from trade_price_history h
      where h.trade_id in (${ids})
      window w as (partition by h.trade_id order by h.id)
    ) p
    where n <= ${TRADE_HISTORY_POINTS}
       or rn = n
       or (rn - 1) % ceil((n - 1)::numeric / ${TRADE_HISTORY_POINTS - 2})::bigint = 0
    order by trade_id, id`);
  for (const row of rows) {
    points.get(Number(row.trade_id))?.push({
      price_at_time: canonical(row.price),
      created_at: new Date(row.created_at).toISOString(),
    });
  }
  return points;
}

export async function listTradeHistory(
  db: Queryable,
  userId: number,
  query: TradeHistoryQuery,
): Promise<TradeHistoryItem[]> {
  const conditions: SQL[] = [
    eq(trades.userId, userId),
    inArray(trades.status, query.status ?? ['closed', 'liquidated', 'cancelled']),
  ];
  if (query.before) conditions.push(lt(trades.id, query.before));
  const rows = await db
    .select()
    .from(trades)
    .where(and(...conditions))
    .orderBy(desc(trades.id))
    .limit(query.limit);
  const points = await pricePoints(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((row) => toTradeHistoryItem(row, points.get(row.id) ?? []));
}
