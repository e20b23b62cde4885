/**
 * The range a staff change of the USDO price may take now (docs/decisions/0049-usdo-price-window.md):
 *
 * - the window: within any USDO_WINDOW_MS the price stays within +-USDO_MAX_MOVE of every price it had
 *   in that time (it never rises above 1.5 x the lowest, nor falls below 0.5 x the highest), so a
 *   series of quick changes moves it no further than one;
 * - the positions: it stays strictly between the liquidation prices of the open USDO positions, so a
 *   staff change never liquidates a leg of a hedged pair, whose two legs then cancel at every price.
 *
 * The prices the window holds are kept in the database (the USDO_WINDOW_KEY setting, written with
 * the price under the price's advisory lock), so the limit holds across instances and restarts and
 * two staff changing at once take turns.
 */
import { eq, sql } from 'drizzle-orm';
import Decimal from 'decimal.js';
import { IN_HOUSE_COIN } from '../../../shared/constants.js';
import { dec, type Dec } from '../../../shared/money.js';
import type { Queryable } from '../../db/database.js';
import { settings } from '../../db/schema.js';

/** The setting with the prices USDO had in the last window: each replaced price and when it was replaced. */
export const USDO_WINDOW_KEY = 'usdo_price_window';
/** The window: 24 hours. */
const USDO_WINDOW_MS = 24 * 60 * 60 * 1000;
/** Within a window the price moves at most this share from any price it had. */
const USDO_MAX_MOVE = '0.5';

/** Staff type prices with at most 8 decimals (usdoPriceInput). */
const PRICE_PLACES = 8;
const TICK = new Decimal(10).pow(-PRICE_PLACES);

/** A price USDO had until `until` (ISO time). */
interface Replaced {
  price: string;
  until: string;
}

export interface UsdoRange {
  lowest: string;
  highest: string;
}

/** The replaced prices still inside the window at `now`. */
async function replacedPrices(db: Queryable, now: Date): Promise<Replaced[]> {
  const [row] = await db.select().from(settings).where(eq(settings.key, USDO_WINDOW_KEY));
  const list = (row?.value as { replaced?: unknown } | undefined)?.replaced;
  if (!Array.isArray(list)) return [];
  const since = now.getTime() - USDO_WINDOW_MS;
  return list.filter(
    (p): p is Replaced =>
      typeof p === 'object' &&
      p !== null &&
      typeof (p as Replaced).price === 'string' &&
      typeof (p as Replaced).until === 'string' &&
      Date.parse((p as Replaced).until) > since,
  );
}

/**
 * The liquidation prices nearest the price: the highest of the open longs, the lowest of the open
 * shorts. Each position counts the nearer of its stored price and the one at its opening margin
 * (hands x entry / leverage): added margin can be taken back down to that (docs/decisions/0025 6),
 * which brings the liquidation price back, so only the opening one is sure to stay.
 */
async function liquidationBounds(
  db: Queryable,
  maintenanceRate: string,
): Promise<{ long: string | null; short: string | null }> {
  const { rows } = await db.execute<{ long: string | null; short: string | null }>(sql`
    select
      (select max(greatest(t.liquidation_price,
                  t.entry_price * (1 - 1.0 / t.leverage) / (1 - ${maintenanceRate}::numeric)))
         from trades t
         where t.status = 'open' and t.coin = ${IN_HOUSE_COIN} and t.trade_type = 'buy')::text as long,
      (select min(least(t.liquidation_price,
                  t.entry_price * (1 + 1.0 / t.leverage) / (1 + ${maintenanceRate}::numeric)))
         from trades t
         where t.status = 'open' and t.coin = ${IN_HOUSE_COIN} and t.trade_type = 'sell')::text as short`);
  return { long: rows[0]?.long ?? null, short: rows[0]?.short ?? null };
}

/** The range staff may set now, given the current price; typeable prices (8 places), both ends allowed. */
export async function usdoRange(
  db: Queryable,
  current: string,
  now: Date,
  maintenanceRate: string,
): Promise<UsdoRange> {
  const had: Dec[] = [dec(current), ...(await replacedPrices(db, now)).map((p) => dec(p.price))];
  let lowest = Decimal.max(...had).times(dec(1).minus(USDO_MAX_MOVE));
  let highest = Decimal.min(...had).times(dec(1).plus(USDO_MAX_MOVE));
  const liquidation = await liquidationBounds(db, maintenanceRate);
  // Strictly inside: the walked mark then never reaches a liquidation price (docs/decisions/0019).
  if (liquidation.long !== null) lowest = Decimal.max(lowest, dec(liquidation.long).plus(TICK));
  if (liquidation.short !== null) highest = Decimal.min(highest, dec(liquidation.short).minus(TICK));
  return {
    lowest: Decimal.max(lowest.toDecimalPlaces(PRICE_PLACES, Decimal.ROUND_CEIL), TICK).toFixed(),
    highest: highest.toDecimalPlaces(PRICE_PLACES, Decimal.ROUND_FLOOR).toFixed(),
  };
}

export const inUsdoRange = (price: string, range: UsdoRange): boolean =>
  dec(price).gte(range.lowest) && dec(price).lte(range.highest);

/** The window after `replaced` gave way to a new price at `now` (call under the price's lock). */
export async function windowAfterChange(db: Queryable, replaced: string, now: Date): Promise<{ replaced: Replaced[] }> {
  return { replaced: [...(await replacedPrices(db, now)), { price: replaced, until: now.toISOString() }] };
}
