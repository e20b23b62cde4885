/** A market whose prices the test sets: the seam for money and trade tests. */
import type { MarkPrice, MarketService } from '../../src/server/modules/market/types.js';

export interface FakeMarket extends MarketService {
  /** Set the price of a coin in USDT ('BTC', '65000.5'). */
  set(coin: string, price: string, options?: { stale?: boolean }): void;
  /** Forget a coin, so it has no price at all. */
  remove(coin: string): void;
}

export function createFakeMarket(initial: Record<string, string> = { USDT: '1', BTC: '60000', ETH: '3000', USDO: '1' }): FakeMarket {
  const prices = new Map<string, MarkPrice>();
  const set = (coin: string, price: string, options: { stale?: boolean } = {}) =>
    prices.set(coin.toUpperCase(), { price, stale: options.stale ?? false, updatedAt: Date.now() });
  for (const [coin, price] of Object.entries(initial)) set(coin, price);
  return {
    set,
    remove: (coin) => void prices.delete(coin.toUpperCase()),
    async markPrice(coin) {
      return prices.get(coin.toUpperCase()) ?? null;
    },
    async start() {},
    async stop() {},
  };
}
