/**
 * A user's price alerts (docs/decisions/0055-alerts-statements.md): the list, setting one (at most
 * PRICE_ALERTS_MAX), editing one (armed again) and deleting one. Only the caller's own: another user's
 * id is not found.
 */
import { and, count, desc, eq } from 'drizzle-orm';
import {
  PRICE_ALERTS_MAX,
  PRICE_ALERTS_MSG,
  type PriceAlertAnswer,
  type PriceAlertCondition,
  type PriceAlertItem,
  type PriceAlertList,
} from '../../../shared/api/price-alerts.js';
import { cmp } from '../../../shared/money.js';
import type { AppContext } from '../../context.js';
import { badRequest, notFound } from '../../errors.js';
import { users } from '../../db/schema.js';
import { priceAlerts } from './schema.js';
import type { PriceAlertWatcher } from './watch.js';
import { msg } from '../../../shared/message.js';

type AlertRow = typeof priceAlerts.$inferSelect;

const toItem = (row: AlertRow): PriceAlertItem => ({
  id: row.id,
  symbol: row.symbol,
  condition: row.condition,
  value: row.value,
  created_at: row.createdAt.toISOString(),
  fired_at: row.firedAt?.toISOString() ?? null,
  fired_price: row.firedPrice,
});

interface Wanted {
  condition: PriceAlertCondition;
  value: string;
}

export function createPriceAlertsService(ctx: Pick<AppContext, 'db' | 'market'>, watcher: PriceAlertWatcher) {
  const { db } = ctx;

  /**
   * A pair we quote; an above (below) alert only while the served price is under (over) its value, so
   * that it fires on a crossing, never at once (docs/decisions/0055).
   */
  function check(symbol: string, wanted: Wanted) {
    const exchange = ctx.market.exchange;
    if (!exchange.catalog().has(symbol))
      throw badRequest(msg(PRICE_ALERTS_MSG, 'invalidSymbol'), { symbol: msg(PRICE_ALERTS_MSG, 'invalidSymbol') });
    if (wanted.condition === 'move') return;
    const last = exchange.lastPrice(symbol);
    if (!last || exchange.isStale(symbol)) throw badRequest(msg(PRICE_ALERTS_MSG, 'noPrice'));
    const side = cmp(last.price, wanted.value);
    if (wanted.condition === 'above' && side >= 0)
      throw badRequest(msg(PRICE_ALERTS_MSG, 'alreadyAbove'), { value: msg(PRICE_ALERTS_MSG, 'alreadyAbove') });
    if (wanted.condition === 'below' && side <= 0)
      throw badRequest(msg(PRICE_ALERTS_MSG, 'alreadyBelow'), { value: msg(PRICE_ALERTS_MSG, 'alreadyBelow') });
  }

  return {
    async list(userId: number): Promise<PriceAlertList> {
      const rows = await db
        .select()
        .from(priceAlerts)
        .where(eq(priceAlerts.userId, userId))
        .orderBy(desc(priceAlerts.id));
      return { max: PRICE_ALERTS_MAX, results: rows.map(toItem) };
    },

    async create(userId: number, body: Wanted & { symbol: string }): Promise<PriceAlertAnswer> {
      check(body.symbol, body);
      const row = await db.transaction(async (tx) => {
        // The user's row locked: two requests at once cannot both take the 50th place.
        await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
        const [kept] = await tx.select({ n: count() }).from(priceAlerts).where(eq(priceAlerts.userId, userId));
        if ((kept?.n ?? 0) >= PRICE_ALERTS_MAX) throw badRequest(msg(PRICE_ALERTS_MSG, 'tooMany'));
        const [inserted] = await tx
          .insert(priceAlerts)
          .values({ userId, symbol: body.symbol, condition: body.condition, value: body.value })
          .returning();
        return inserted!;
      });
      await watcher.reload(userId);
      return { message: PRICE_ALERTS_MSG.created, alert: toItem(row) };
    },

    /** A new condition and value; a fired alert waits again. */
    async update(userId: number, id: number, body: Wanted): Promise<PriceAlertAnswer> {
      const mine = and(eq(priceAlerts.id, id), eq(priceAlerts.userId, userId));
      const [current] = await db.select({ symbol: priceAlerts.symbol }).from(priceAlerts).where(mine);
      if (!current) throw notFound(msg(PRICE_ALERTS_MSG, 'notFound'));
      check(current.symbol, body);
      const [row] = await db
        .update(priceAlerts)
        .set({ condition: body.condition, value: body.value, firedAt: null, firedPrice: null })
        .where(mine)
        .returning();
      if (!row) throw notFound(msg(PRICE_ALERTS_MSG, 'notFound'));
      await watcher.reload(userId);
      return { message: PRICE_ALERTS_MSG.saved, alert: toItem(row) };
    },

    async remove(userId: number, id: number) {
      const gone = await db
        .delete(priceAlerts)
        .where(and(eq(priceAlerts.id, id), eq(priceAlerts.userId, userId)))
        .returning({ id: priceAlerts.id });
      if (gone.length === 0) throw notFound(msg(PRICE_ALERTS_MSG, 'notFound'));
      await watcher.reload(userId);
      return { message: PRICE_ALERTS_MSG.deleted };
    },
  };
}
