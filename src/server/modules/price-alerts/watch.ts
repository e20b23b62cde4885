/**
 * Firing price alerts (docs/decisions/0055-alerts-statements.md). Every instance runs the market tick
 * (market/service.ts), so every instance watches: each holds the waiting alerts (fired_at null) in
 * memory by symbol, reloads a user's when price_alerts_changed names them (migration 0026) and all of
 * them when the LISTEN connection comes back, and on each tick looks only at the symbols with alerts
 * whose served price changed. A tick reads no database; an alert that crossed is claimed by one
 * conditional UPDATE ... WHERE fired_at IS NULL RETURNING, so of all instances exactly one writes its
 * notification (pushed by the notifications' NOTIFY, mailed after the commit).
 *
 * Crossing: an above (below) alert is refused while the price is already at or past its value
 * (service.ts), so any served price at or past it afterwards crossed. A move alert compares the 24 h
 * change the pair's screen shows (the ticker's priceChangePercent) with its percentage: it is armed
 * once this instance saw the change under it, and fires when the change reaches it.
 */
import { and, eq, isNull } from 'drizzle-orm';
import { dec, type Dec } from '../../../shared/money.js';
import { NOTIFICATION_TEXT } from '../../../shared/api/notifications.js';
import type { AppContext } from '../../context.js';
import { logBackgroundFailure } from '../../db/errors.js';
import { priceAlerts } from './schema.js';
import { mailNotifications, notify } from '../notifications/index.js';

/** The NOTIFY channel of migration 0026: a user id whenever their alerts change. */
const PRICE_ALERTS_CHANGED = 'price_alerts_changed';

interface Waiting {
  id: number;
  userId: number;
  symbol: string;
  condition: 'above' | 'below' | 'move';
  /** As stored (canonical), to claim only the alert this instance evaluated. */
  value: string;
  threshold: Dec;
  /** A move alert: this instance saw the 24 h change under its percentage. */
  armed: boolean;
}

type Row = Pick<typeof priceAlerts.$inferSelect, 'id' | 'userId' | 'symbol' | 'condition' | 'value'>;

export interface PriceAlertWatcher {
  /** Reads a user's waiting alerts again (after this instance changed them: no wait for the NOTIFY). */
  reload(userId: number): Promise<void>;
  /** Alerts waiting in this instance's memory (tests and metrics). */
  waiting(): number;
  /** Claims in flight, for tests to wait on. */
  settled(): Promise<void>;
  stop(): void;
}

const pairOf = (symbol: string) => `${symbol.replace(/USDT$/, '')}/USDT`;

export function watchPriceAlerts(
  ctx: Pick<AppContext, 'db' | 'market' | 'changes' | 'log' | 'mailer'>,
): PriceAlertWatcher {
  const bySymbol = new Map<string, Map<number, Waiting>>();
  /**
   * Each symbol's alerts in the order a price reaches them (above: lowest value first; below: highest
   * first), built on the first tick after a change: a tick compares only up to the first alert not
   * crossed, so thousands of waiting alerts cost one comparison per side.
   */
  const ordered = new Map<string, { above: Waiting[]; below: Waiting[]; move: Waiting[] }>();
  const byUser = new Map<number, Waiting[]>();
  /** The served price each symbol had at this instance's last look. */
  const seen = new Map<string, string>();
  const claiming = new Set<number>();
  const inFlight = new Set<Promise<void>>();
  /** Bumped by each reload of a user: an older read that ends later is dropped. */
  const generations = new Map<number, number>();
  let allGeneration = 0;

  const forgetUser = (userId: number) => {
    for (const alert of byUser.get(userId) ?? []) {
      const alerts = bySymbol.get(alert.symbol);
      alerts?.delete(alert.id);
      if (alerts?.size === 0) bySymbol.delete(alert.symbol);
      ordered.delete(alert.symbol);
    }
    byUser.delete(userId);
  };

  /** Holds `rows`; a move alert unchanged since `before` keeps what this instance saw of it. */
  const keep = (rows: Row[], before: ReadonlyMap<number, Waiting>) => {
    for (const row of rows) {
      const old = before.get(row.id);
      const alert: Waiting = {
        ...row,
        threshold: dec(row.value),
        armed: old !== undefined && old.value === row.value && old.condition === row.condition && old.armed,
      };
      if (!bySymbol.has(row.symbol)) bySymbol.set(row.symbol, new Map());
      bySymbol.get(row.symbol)!.set(row.id, alert);
      ordered.delete(row.symbol);
      if (!byUser.has(row.userId)) byUser.set(row.userId, []);
      byUser.get(row.userId)!.push(alert);
      // A symbol with a new alert is looked at on the next tick even if its price has not moved.
      if (!old) seen.delete(row.symbol);
    }
  };

  const columns = {
    id: priceAlerts.id,
    userId: priceAlerts.userId,
    symbol: priceAlerts.symbol,
    condition: priceAlerts.condition,
    value: priceAlerts.value,
  };

  async function reload(userId: number) {
    const generation = (generations.get(userId) ?? 0) + 1;
    generations.set(userId, generation);
    const rows = await ctx.db
      .select(columns)
      .from(priceAlerts)
      .where(and(eq(priceAlerts.userId, userId), isNull(priceAlerts.firedAt)));
    if (generations.get(userId) !== generation) return;
    const before = new Map((byUser.get(userId) ?? []).map((a) => [a.id, a]));
    forgetUser(userId);
    keep(rows, before);
  }

  async function reloadAll() {
    const generation = ++allGeneration;
    const rows = await ctx.db.select(columns).from(priceAlerts).where(isNull(priceAlerts.firedAt));
    if (generation !== allGeneration) return;
    const before = new Map<number, Waiting>();
    for (const alerts of bySymbol.values()) for (const [id, alert] of alerts) before.set(id, alert);
    bySymbol.clear();
    ordered.clear();
    byUser.clear();
    keep(rows, before);
  }

  /** One instance's claim of a crossed alert: only the UPDATE that finds fired_at null writes the notification. */
  async function claim(alert: Waiting, price: string, change: string) {
    const fired = await ctx.db.transaction(async (tx) => {
      const [row] = await tx
        .update(priceAlerts)
        .set({ firedAt: new Date(), firedPrice: price })
        .where(
          and(
            eq(priceAlerts.id, alert.id),
            isNull(priceAlerts.firedAt),
            // Edited since this instance read it: the new condition is judged on its own.
            eq(priceAlerts.condition, alert.condition),
            eq(priceAlerts.value, alert.value),
          ),
        )
        .returning({ id: priceAlerts.id });
      if (!row) return false;
      await notify(tx, {
        userId: alert.userId,
        kind: 'price_alert',
        ...NOTIFICATION_TEXT.priceAlert({
          symbol: alert.symbol,
          pair: pairOf(alert.symbol),
          condition: alert.condition,
          value: alert.value,
          price,
          change,
        }),
      });
      return true;
    });
    if (fired) await mailNotifications(ctx, alert.userId);
  }

  function fire(alert: Waiting, price: string, change: string) {
    // Out of this instance's memory at once: the next tick must not claim it again.
    const alerts = bySymbol.get(alert.symbol);
    alerts?.delete(alert.id);
    if (alerts?.size === 0) bySymbol.delete(alert.symbol);
    ordered.delete(alert.symbol);
    claiming.add(alert.id);
    const done = claim(alert, price, change)
      .catch((error: unknown) => {
        logBackgroundFailure(ctx.log, 'price alert', error);
        // Not claimed here: the user's alerts are read again, so the next crossing tries once more.
        return reload(alert.userId);
      })
      .catch(() => undefined)
      .finally(() => {
        claiming.delete(alert.id);
        inFlight.delete(done);
      });
    inFlight.add(done);
  }

  function orderOf(alerts: Map<number, Waiting>) {
    const lists = { above: [] as Waiting[], below: [] as Waiting[], move: [] as Waiting[] };
    for (const alert of alerts.values()) lists[alert.condition].push(alert);
    lists.above.sort((x, y) => x.threshold.comparedTo(y.threshold));
    lists.below.sort((x, y) => y.threshold.comparedTo(x.threshold));
    return lists;
  }

  function tick() {
    const exchange = ctx.market.exchange;
    for (const [symbol, alerts] of bySymbol) {
      const last = exchange.lastPrice(symbol);
      if (!last || last.price === seen.get(symbol) || exchange.isStale(symbol)) continue;
      seen.set(symbol, last.price);
      let lists = ordered.get(symbol);
      if (!lists) ordered.set(symbol, (lists = orderOf(alerts)));
      const price = dec(last.price);
      const crossed: [Waiting, string][] = [];
      for (const alert of lists.above) {
        if (price.lt(alert.threshold)) break;
        crossed.push([alert, '']);
      }
      for (const alert of lists.below) {
        if (price.gt(alert.threshold)) break;
        crossed.push([alert, '']);
      }
      if (lists.move.length > 0) {
        const change = dec(exchange.snapshot().ticker(symbol)?.priceChangePercent ?? '0');
        for (const alert of lists.move) {
          if (change.abs().lt(alert.threshold)) alert.armed = true;
          else if (alert.armed) crossed.push([alert, change.toFixed(2)]);
        }
      }
      for (const [alert, change] of crossed) if (!claiming.has(alert.id)) fire(alert, last.price, change);
    }
  }

  const stopWatching = ctx.changes.watch(PRICE_ALERTS_CHANGED, (userId) => {
    const read = userId === null ? reloadAll() : reload(userId);
    read.catch((error: unknown) => logBackgroundFailure(ctx.log, 'price alerts reload', error));
  });
  const stopTicks = ctx.market.onTick(tick);

  return {
    reload,
    waiting: () => [...bySymbol.values()].reduce((n, alerts) => n + alerts.size, 0),
    async settled() {
      while (inFlight.size > 0) await Promise.all([...inFlight]);
    },
    stop() {
      stopTicks();
      stopWatching();
    },
  };
}
