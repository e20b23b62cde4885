/**
 * The simulator's secret (docs/architecture.md section 7, docs/decisions/0018-house-books.md): without MARKET_SEED the walk is
 * keyed by 32 random bytes generated once per installation into DATA_DIR/market-secret, so its
 * future can't be computed from the public source; MARKET_SEED overrides it, and instances sharing
 * DATA_DIR or MARKET_SEED agree.
 */
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync, existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig, marketSecret } from '../../src/server/config.js';
import type { Db } from '../../src/server/db/database.js';
import { createMarketService } from '../../src/server/modules/market/index.js';
import { createSimFeed } from '../../src/server/modules/market/sim/feed.js';

const T0 = Date.UTC(2025, 5, 1, 12, 0, 0);
const silent = { info() {}, warn() {}, error() {} };
const dirs: string[] = [];
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

function freshDataDir(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'coinfront-seed-'));
  dirs.push(dir);
  return path.join(dir, 'data'); // not made yet, as on a first start
}

/** One server start: configuration from the environment, then the market service (the simulator). */
function start(env: NodeJS.ProcessEnv, dataDir: string) {
  const config = loadConfig({ LOG_LEVEL: 'silent', ...env }, { jwtSecret: new Uint8Array(32), dataDir });
  const market = createMarketService({
    config,
    db: null as unknown as Db,
    clock: { now: () => new Date(T0) },
    log: silent,
  });
  return { config, tickers: () => market.exchange.snapshot().tickersJson() };
}

const feedTickers = (secret: Uint8Array | string) =>
  createSimFeed({ secret, now: () => T0 })
    .snapshot()
    .tickersJson();

describe('the simulator secret', () => {
  it('is not a public constant by default: an installation without MARKET_SEED runs on prices nobody computes from the source', () => {
    expect(loadConfig({}, { jwtSecret: new Uint8Array(0) }).marketSeed).toBeUndefined();
    const installation = start({}, freshDataDir());
    // The old public default, the empty seed and the test seeds all give other prices.
    for (const publicSeed of ['coinfront', '', 'test', 'unit']) {
      expect(installation.tickers()).not.toBe(feedTickers(publicSeed));
    }
  });

  it('is generated once per installation into DATA_DIR (32 bytes, mode 0600) and reused on the next start', () => {
    const dataDir = freshDataDir();
    const file = path.join(dataDir, 'market-secret');
    const first = start({}, dataDir);
    expect(existsSync(file)).toBe(true);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const stored = readFileSync(file, 'utf8');
    expect(Buffer.from(stored, 'base64url')).toHaveLength(32);
    expect(marketSecret(first.config)).toEqual(new Uint8Array(Buffer.from(stored, 'base64url')));

    const restarted = start({}, dataDir);
    expect(readFileSync(file, 'utf8')).toBe(stored);
    expect(restarted.tickers()).toBe(first.tickers());
    // The prices are those of that secret, whatever process reads them.
    expect(restarted.tickers()).toBe(feedTickers(Buffer.from(stored, 'base64url')));
  });

  it('differs between installations, so their prices differ', () => {
    const [a, b] = [freshDataDir(), freshDataDir()];
    const [one, two] = [start({}, a), start({}, b)];
    expect(readFileSync(path.join(a, 'market-secret'), 'utf8')).not.toBe(
      readFileSync(path.join(b, 'market-secret'), 'utf8'),
    );
    expect(one.tickers()).not.toBe(two.tickers());
  });

  it('is overridden by MARKET_SEED: instances with the same seed agree without sharing DATA_DIR, and make no file', () => {
    const [a, b] = [freshDataDir(), freshDataDir()];
    const one = start({ MARKET_SEED: 'shared-by-the-cluster' }, a);
    const two = start({ MARKET_SEED: 'shared-by-the-cluster' }, b);
    expect(one.tickers()).toBe(two.tickers());
    expect(one.tickers()).toBe(feedTickers('shared-by-the-cluster'));
    expect(one.tickers()).not.toBe(start({ MARKET_SEED: 'another-cluster' }, a).tickers());
    expect(existsSync(path.join(a, 'market-secret'))).toBe(false);
    expect(existsSync(path.join(b, 'market-secret'))).toBe(false);
  });

  it('keys every asset: two feeds with different secrets differ on each moving asset, the same secret agrees', () => {
    const secret = new Uint8Array(32).fill(7);
    const other = new Uint8Array(32).fill(8);
    const [a, b, c] = [secret, secret, other].map((s) => createSimFeed({ secret: s, now: () => T0 }));
    for (const symbol of ['BTCUSDT', 'ETHUSDT', 'SOLUSDT', 'DOGEUSDT']) {
      for (const step of [T0 / 1000, T0 / 1000 + 1, T0 / 1000 + 86_400 * 30]) {
        expect(a!.priceAt(symbol, step)).toBe(b!.priceAt(symbol, step));
        expect(a!.priceAt(symbol, step)).not.toBe(c!.priceAt(symbol, step));
      }
    }
    expect(feedTickers(secret)).toBe(feedTickers(new Uint8Array(32).fill(7)));
  });

  it('refuses a damaged secret file rather than running on a weak key', () => {
    const dataDir = freshDataDir();
    start({}, dataDir);
    writeFileSync(path.join(dataDir, 'market-secret'), 'short');
    expect(() => start({}, dataDir)).toThrow(/not a market secret/);
  });

  it('is made only for the simulator: MARKET_SOURCE=binance writes no secret', () => {
    const dataDir = freshDataDir();
    const config = loadConfig(
      { LOG_LEVEL: 'silent', MARKET_SOURCE: 'binance', MARKET_REGION: 'international' },
      { jwtSecret: new Uint8Array(32), dataDir },
    );
    createMarketService({ config, db: null as unknown as Db, clock: { now: () => new Date(T0) }, log: silent });
    expect(existsSync(path.join(dataDir, 'market-secret'))).toBe(false);
  });
});
