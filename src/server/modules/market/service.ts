/**
 * The market service: one feed (the simulator or the public exchange, MARKET_SOURCE) behind the
 * exchange-compatible API, a one-second tick that drives the streams, and mark prices for the
 * other modules (trades, withdrawals, valuations).
 */
import { IN_HOUSE_COIN, QUOTE_CURRENCY } from '../../../shared/constants.js';
import { marketSecret } from '../../config.js';
import type { AppContext } from '../../context.js';
import { createBinanceFeed, type FeedLog } from './binance/feed.js';
import { chooseServerRegion, detectCountry, type FetchLike } from './region.js';
import { createSimFeed } from './sim/feed.js';
import type { ExchangeFeed, MarketService } from './types.js';
import { usdoPrice } from './usdo.js';
import { walkMarks } from './walk.js';

export interface MarketServiceDeps extends Pick<AppContext, 'config' | 'db' | 'clock'> {
  log: FeedLog & { error(obj: object, msg?: string): void };
  /** HTTP for the exchange and geolocation (default: global fetch). */
  fetch?: FetchLike;
}

const TICK_MS = 1_000;

function createFeed(deps: MarketServiceDeps): ExchangeFeed {
  const { config } = deps;
  const now = () => deps.clock.now().getTime();
  if (config.marketSource === 'sim') return createSimFeed({ secret: marketSecret(config), now });
  const fetchImpl: FetchLike = deps.fetch ?? ((url, init) => fetch(url, init));
  return createBinanceFeed({
    now,
    log: deps.log,
    endpoints: config.marketEndpoints,
    fetch: fetchImpl,
    region: () =>
      chooseServerRegion(config.marketRegion, () => detectCountry(fetchImpl, config.marketGeolocationServices)),
  });
}

/** Calls `tick` just after every whole second until stopped; never keeps the process alive. */
function startTickLoop(tick: () => void): () => void {
  let timer: NodeJS.Timeout | undefined;
  let running = true;
  const schedule = () => {
    if (!running) return;
    // Wall time on purpose, not the context's clock: the timer itself runs on wall time, and this
    // only aligns it to the next whole second.
    timer = setTimeout(
      () => {
        tick();
        schedule();
      },
      TICK_MS - (Date.now() % TICK_MS) + 5,
    );
    timer.unref();
  };
  schedule();
  return () => {
    running = false;
    clearTimeout(timer);
  };
}

/**
 * The market with walked marks (walk.ts): with no risk engine in this process
 * (TRADE_JOB_INTERVAL_MS=0) nothing acts on the steps, so the marks are the raw prices.
 */
export function createMarketService(deps: MarketServiceDeps): MarketService {
  return walkMarks(createRawMarketService(deps), { follow: deps.config.tradeJobIntervalMs === 0 });
}

function createRawMarketService(deps: MarketServiceDeps): MarketService {
  const { config, db } = deps;
  const exchange = createFeed(deps);
  const listeners = new Set<() => void>();
  let stopTicking: (() => void) | undefined;

  function tick() {
    for (const listener of listeners) {
      try {
        listener();
      } catch (error) {
        deps.log.error({ err: error }, 'market tick listener failed');
      }
    }
  }

  return {
    exchange,

    async markPrice(coin) {
      const asset = coin.trim().toUpperCase();
      const time = deps.clock.now().getTime();
      if (asset === QUOTE_CURRENCY) return { price: '1', stale: false, updatedAt: time };
      if (asset === IN_HOUSE_COIN) {
        const { price } = await usdoPrice(db, config.usdoPrice);
        return { price, stale: false, updatedAt: time };
      }
      const symbol = `${asset}${QUOTE_CURRENCY}`;
      const last = exchange.lastPrice(symbol);
      if (!last) return null;
      return { price: last.price, stale: exchange.isStale(symbol), updatedAt: last.time };
    },

    onTick(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },

    async start() {
      if (stopTicking) return;
      await exchange.start();
      stopTicking = startTickLoop(tick);
    },

    async stop() {
      stopTicking?.();
      stopTicking = undefined;
      await exchange.stop();
    },
  };
}
