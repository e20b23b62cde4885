/**
 * A fake market with walked marks (src/server/modules/market/walk.ts), as the real market has: the
 * test sets raw prices (`feed.set`), the risk engine walks the marks toward them. USDO's raw price is
 * the staff's setting, read from the app's database once `bind` has named it, as in production.
 */
import { usdoPrice, walkMarks, type WalkedMarket } from '../../src/server/modules/market/index.js';
import type { Queryable } from '../../src/server/db/database.js';
import { createFakeMarket, type FakeMarket } from './fake-market.js';

export interface WalkedFake {
  /** The raw prices. */
  feed: FakeMarket;
  /** What the app is given: marks walked toward the feed's prices. */
  market: WalkedMarket;
  /** Read USDO's raw price from this database's settings (call once the app exists). */
  bind(db: Queryable): void;
}

export function createWalkedMarket(initial?: Record<string, string>): WalkedFake {
  const feed = createFakeMarket(initial);
  let db: Queryable | undefined;
  const raw = {
    ...feed,
    async markPrice(coin: string) {
      if (coin.trim().toUpperCase() !== 'USDO' || !db) return feed.markPrice(coin);
      return { price: (await usdoPrice(db, '1')).price, stale: false, updatedAt: Date.now() };
    },
  };
  return { feed, market: walkMarks(raw, { follow: false }), bind: (d) => void (db = d) };
}
