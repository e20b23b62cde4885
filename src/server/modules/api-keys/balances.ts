/**
 * The funding wallet as the exchange's spot balances (docs/architecture.md "Private API"): free is
 * the funding balance, locked what the user's resting spot orders hold. GET /api/v3/account and the
 * user data stream's outboundAccountPosition both read it here.
 */
import { and, eq } from 'drizzle-orm';
import { QUOTE_CURRENCY } from '../../../shared/constants.js';
import { add } from '../../../shared/money.js';
import type { Queryable } from '../../db/database.js';
import { accounts } from '../../db/schema.js';
import { spotOrders } from '../spot/schema.js';
import { fixed8 } from './exchange-view.js';

export interface SpotBalance {
  asset: string;
  /** 8 decimals, as the exchange writes them. */
  free: string;
  locked: string;
}

/** Every asset the user has a funding account or a hold in, by name. */
export async function spotBalances(db: Queryable, userId: number): Promise<SpotBalance[]> {
  const wallet = await db
    .select({ currency: accounts.currency, balance: accounts.balance })
    .from(accounts)
    .where(and(eq(accounts.userId, userId), eq(accounts.wallet, 'funding')));
  const resting = await db
    .select({ side: spotOrders.side, coin: spotOrders.coin, held: spotOrders.held })
    .from(spotOrders)
    .where(and(eq(spotOrders.userId, userId), eq(spotOrders.status, 'open')));
  const locked = new Map<string, string>();
  for (const order of resting) {
    const currency = order.side === 'buy' ? QUOTE_CURRENCY : order.coin;
    locked.set(currency, add(locked.get(currency) ?? '0', order.held).toFixed());
  }
  const free = new Map(wallet.map((w) => [w.currency, w.balance]));
  const assets = [...new Set([...free.keys(), ...locked.keys()])].sort();
  return assets.map((asset) => ({ asset, free: fixed8(free.get(asset)), locked: fixed8(locked.get(asset)) }));
}
