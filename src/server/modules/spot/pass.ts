/**
 * The per-tick pass of spot orders (docs/architecture.md "Spot orders"): resting limit orders whose
 * price the server's mark has reached are filled at their limit, a buy when the mark is at or below
 * it, a sell at or above. Run by the trade jobs' leader after the risk pass, under the same advisory
 * lock (trades/jobs.ts), so one instance acts. The crossed orders are found through the partial
 * index `spot_orders_resting_idx`, in the order the mark met them (buys from the highest limit,
 * sells from the lowest); each is filled in its own transaction under its row lock, re-checked, so
 * a cancel in progress wins and nothing is filled twice. Nothing is done on a stale or missing mark.
 */
import { limitReached } from '../../../shared/money.js';
import type { AppContext } from '../../context.js';
import type { Tx } from '../../db/database.js';
import { fillResting, lockOrder } from './lifecycle.js';
import { usableMark } from './quote.js';

export type SpotPassContext = Pick<AppContext, 'db' | 'market' | 'clock'>;

/** At most this many crossed orders per query; a mark that crossed more queries again. */
const BATCH = 500;

/** The coins with resting orders: a skip scan of the partial index. */
async function restingCoins(ctx: SpotPassContext): Promise<string[]> {
  const { rows } = await ctx.db.$client.query<{ coin: string }>({
    name: 'spot_resting_coins',
    text: `with recursive c(coin) as (
        (select coin from spot_orders where status = 'open' order by coin limit 1)
        union all
        select (select s.coin from spot_orders s where s.status = 'open' and s.coin > c.coin order by s.coin limit 1)
        from c where c.coin is not null)
      select coin from c where coin is not null`,
  });
  return rows.map((r) => r.coin);
}

/** The resting orders of `coin` that `mark` reaches, in the order it met them: two index range scans. */
async function reachedAt(ctx: SpotPassContext, coin: string, mark: string): Promise<number[]> {
  const { rows } = await ctx.db.$client.query<{ id: string }>({
    name: 'spot_reached',
    text: `(select id from spot_orders
          where status = 'open' and coin = $1 and side = 'buy' and limit_price >= $2::numeric
          order by limit_price desc, id limit $3)
        union all
        (select id from spot_orders
          where status = 'open' and coin = $1 and side = 'sell' and limit_price <= $2::numeric
          order by limit_price, id limit $3)`,
    values: [coin, mark, BATCH],
  });
  return rows.map((r) => Number(r.id));
}

/** Lock, re-check and fill one order; true when it was filled. */
async function fillOne(ctx: SpotPassContext, orderId: number, mark: string): Promise<boolean> {
  return ctx.db.transaction(async (tx: Tx) => {
    // An order its owner is cancelling right now is skipped, not waited for: the next pass looks again.
    const order = await lockOrder(tx, orderId, { skipLocked: true });
    if (!order || order.status !== 'open' || order.limitPrice === null) return false;
    if (!limitReached(order.side, order.limitPrice, mark)) return false;
    await fillResting(tx, order, ctx.clock.now());
    return true;
  });
}

/** One pass over every coin with resting orders; returns how many orders it filled. */
export async function spotPass(ctx: SpotPassContext): Promise<number> {
  let filled = 0;
  for (const coin of await restingCoins(ctx)) {
    const mark = await usableMark(ctx.market, coin);
    if (mark === null) continue;
    const skipped = new Set<number>();
    for (;;) {
      const ids = (await reachedAt(ctx, coin, mark)).filter((id) => !skipped.has(id));
      if (ids.length === 0) break;
      for (const id of ids) {
        if (await fillOne(ctx, id, mark)) filled++;
        else skipped.add(id);
      }
    }
  }
  return filled;
}
