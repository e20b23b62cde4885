import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../../config.js';
import type { Db } from '../../db/database.js';
import { createMarketService } from './service.js';

const silent = { info() {}, warn() {}, error() {} };
const config = loadConfig(
  { MARKET_SEED: 'unit', LOG_LEVEL: 'silent' },
  { jwtSecret: new Uint8Array(32), dataDir: '/tmp' },
);

describe('market service lifecycle', () => {
  afterEach(() => void vi.useRealTimers());

  it('ticks every second while started and leaves no timer behind when stopped', async () => {
    // Half past a second: the loop aligns to the next whole second + 5 ms, so a start within the first
    // 5 ms of a second (the machine's own clock, before) put the third tick past 3 s once in ~200 runs.
    vi.useFakeTimers({ now: new Date('2026-01-01T00:00:00.500Z') });
    const market = createMarketService({
      config,
      db: null as unknown as Db,
      clock: { now: () => new Date() },
      log: silent,
    });
    let ticks = 0;
    market.onTick(() => ticks++);
    await market.start();
    expect(vi.getTimerCount()).toBe(1);
    await vi.advanceTimersByTimeAsync(3_000);
    expect(ticks).toBe(3);
    await market.stop();
    expect(vi.getTimerCount()).toBe(0);
    await vi.advanceTimersByTimeAsync(3_000);
    expect(ticks).toBe(3);
  });

  it('prices coins without touching the database except for USDO', async () => {
    const market = createMarketService({
      config,
      db: null as unknown as Db,
      clock: { now: () => new Date() },
      log: silent,
    });
    expect(await market.markPrice('ETH')).toMatchObject({ price: expect.stringMatching(/^\d+\.\d{8}$/), stale: false });
    expect(await market.markPrice('usdt')).toMatchObject({ price: '1', stale: false });
    expect(await market.markPrice('DOGE')).not.toBeNull();
    expect(await market.markPrice('EUR')).toBeNull();
  });
});
