/**
 * The abuse limits of trade creation (docs/decisions/0020-abuse-limits.md): a minimum order
 * value and a cap on a user's open positions and resting orders. The per-user rate limit is on the
 * route (routes.ts), the bounded lists are in service.ts and history.ts.
 */
import { and, count, eq, inArray } from 'drizzle-orm';
import { TRADE_MSG, type ActiveTradesQuery, type TradeCreationBody } from '../../../shared/api/trade.js';
import { MAX_OPEN_TRADES, MIN_ORDER_NOTIONAL } from '../../../shared/constants.js';
import { cmp, limitReached, mul, toAmount } from '../../../shared/money.js';
import type { Tx } from '../../db/database.js';
import { trades } from './schema.js';
import { badRequest, conflict } from '../../errors.js';
import { msg } from '../../../shared/message.js';

/**
 * An order's value, hands x price, must be at least MIN_ORDER_NOTIONAL USDT at the price it trades at
 * (docs/decisions/0050): the mark for a market order and for a limit order the mark has already
 * reached (it opens at once, at the mark), the limit for a limit order that rests (it fills at its
 * limit, lifecycle.ts fillOrder). So no order opens a position worth less than the minimum. Checked
 * before any row is locked; nothing changes when it is refused.
 */
export function checkMinNotional(
  body: Pick<TradeCreationBody, 'hands' | 'limit_price' | 'trade_type'>,
  mark: string,
): void {
  const resting = body.limit_price !== null && !limitReached(body.trade_type, body.limit_price, mark);
  const notional = mul(body.hands, resting ? body.limit_price! : mark);
  if (cmp(notional, MIN_ORDER_NOTIONAL) < 0) {
    const message = msg(TRADE_MSG, 'belowMinNotional', toAmount(notional));
    throw badRequest(message, { hands: message });
  }
}

/**
 * At most MAX_OPEN_TRADES open positions and resting (pending) orders per user. Call it while the
 * transaction holds the user's lever USDT account (service.ts open() locks it first): every trade
 * creation takes that lock, so two creations count one after the other and the cap cannot be
 * overshot by a burst. A fill turns a pending order into an open position, which keeps the count.
 */
export async function checkOpenTradeCap(tx: Tx, userId: number): Promise<void> {
  const [row] = await tx
    .select({ n: count() })
    .from(trades)
    .where(and(eq(trades.userId, userId), inArray(trades.status, ['open', 'pending'])));
  if ((row?.n ?? 0) >= MAX_OPEN_TRADES) throw conflict(msg(TRADE_MSG, 'tooManyOpenTrades'));
}

/**
 * One page of a user's live trades (newest first, as the cache holds them): those older than
 * `before`, at most `limit` of them; without a limit, all of them (MAX_OPEN_TRADES bounds the list).
 */
export function activePage<T extends { id: number }>(rows: readonly T[], page: ActiveTradesQuery): T[] {
  const older = page.before === undefined ? rows : rows.filter((row) => row.id < page.before!);
  return older.slice(0, page.limit ?? older.length);
}
