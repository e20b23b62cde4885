/** Trade calls for API tests: open, close, price, and the two lists, as the Lever screen makes them. */
import type {
  ActiveTrades,
  TradeAnswer,
  TradeCreationInput,
  TradeHistory,
  TradeUpdationInput,
} from '../../src/shared/api/trade.js';
import { eq, inArray } from 'drizzle-orm';
import { trades } from '../../src/server/modules/trades/schema.js';
import { canonical } from '../../src/shared/money.js';
import { TRADES_CHANGED, cancelOrder, lockTrade, settleTrade } from '../../src/server/modules/trades/lifecycle.js';
import type { TestApp } from './app.js';
import { grant } from './money.js';
import { call, createUser, type TestUser } from './users.js';

type Headers = Record<string, string>;

/**
 * A trader with `usdt` USDT in the lever wallet (credited through the ledger), made by createUser (the
 * auth module's own insert and session, no HTTP sign-up): no file that trades tests sign-up, and it
 * saves three requests and two password hashes per trader (docs/architecture.md section 9 "Test layers").
 */
export async function leverTrader(t: TestApp, usdt = '1000'): Promise<TestUser> {
  const user = await createUser(t);
  if (usdt !== '0') await grant(t, user, 'lever', 'USDT', usdt);
  return user;
}

/** POST trade-creation/ with docs/product.md's payload: a 0.1 BTC long at 60000 unless told otherwise. */
export const openTrade = (
  t: TestApp,
  user: TestUser,
  fields: Partial<Record<keyof TradeCreationInput, unknown>> = {},
  headers?: Headers,
) =>
  call<TradeAnswer>(t, 'POST', '/api-v1/trade-creation/', {
    token: user.token,
    body: { trade_type: 'buy', starting_price: '60000', coin: 'BTC', hands: '0.1', ...fields },
    ...(headers ? { headers } : {}),
  });

export const updateTrade = (
  t: TestApp,
  user: TestUser,
  body: Partial<Record<keyof TradeUpdationInput, unknown>>,
  headers?: Headers,
) =>
  call<TradeAnswer>(t, 'POST', '/api-v1/trade-updation/', { token: user.token, body, ...(headers ? { headers } : {}) });

/** Close (or revoke) a trade, quoting the price the client sees. */
export const closeTrade = (t: TestApp, user: TestUser, tradeId: number, currentPrice: string, headers?: Headers) =>
  updateTrade(t, user, { trade_id: tradeId, current_price: currentPrice, is_closed: true }, headers);

export async function activeTradesOf(t: TestApp, user: TestUser): Promise<ActiveTrades> {
  const res = await call<ActiveTrades>(t, 'GET', '/api-v1/get-active-trades/', { token: user.token });
  if (res.status !== 200) throw new Error(`get-active-trades: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

export async function tradeHistoryOf(t: TestApp, user: TestUser, query = ''): Promise<TradeHistory> {
  const res = await call<TradeHistory>(t, 'GET', `/api-v1/trade-history/${query}`, { token: user.token });
  if (res.status !== 200) throw new Error(`trade-history: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

/** Open a trade that must succeed; returns its id. */
export async function openedTradeId(
  t: TestApp,
  user: TestUser,
  fields: Parameters<typeof openTrade>[2] = {},
): Promise<number> {
  const res = await openTrade(t, user, fields);
  if (res.status !== 201) throw new Error(`trade-creation: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.trade.trade_id;
}

/**
 * End every open trade (at its entry price: P/L 0, margin back) and revoke every pending order,
 * through the same lifecycle as the app, so the next test's job passes see only its own trades.
 */
export async function finishAllTrades(t: TestApp): Promise<void> {
  const live = await t.db
    .select({ id: trades.id })
    .from(trades)
    .where(inArray(trades.status, ['open', 'pending']));
  for (const { id } of live) {
    await t.db.transaction(async (tx) => {
      const trade = await lockTrade(tx, id);
      if (trade?.status === 'pending') await cancelOrder(tx, trade, t.clock.now());
      if (trade?.status === 'open')
        await settleTrade(tx, trade, canonical(trade.entryPrice!), t.clock.now(), t.ctx.config.trading);
      if (trade) t.ctx.changes.forget(TRADES_CHANGED, trade.userId); // as the app does after its own changes
    });
  }
}

/** A trade's row as stored. */
export const tradeRowOf = async (t: TestApp, id: number) =>
  (await t.db.select().from(trades).where(eq(trades.id, id)))[0]!;
