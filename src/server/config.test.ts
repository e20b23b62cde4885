/**
 * Configuration refused or warned about at start (docs/security.md "Hygiene", README "Production checklist"):
 * TRUST_PROXY, JWT_SECRET, the password hash cost, the simulated market in production.
 */
import { chmodSync, mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { fastifyTrustProxy, loadConfig, SIMULATED_MARKET_WARNING, trustProxyOf } from './config.js';

const dataDir = () => mkdtempSync(path.join(os.tmpdir(), 'coinfront-config-'));
const load = (env: NodeJS.ProcessEnv) => loadConfig({ DATA_DIR: dataDir(), ...env });

describe('TRUST_PROXY', () => {
  it.each([
    [undefined, false],
    ['', false],
    ['0', false],
    ['false', false],
    ['1', 1],
    ['2', 2],
    ['10.0.0.0/8', ['10.0.0.0/8']],
    [' 10.0.0.0/8 , 192.168.1.7,fd00::/8 ', ['10.0.0.0/8', '192.168.1.7', 'fd00::/8']],
    ['loopback,uniquelocal', ['loopback', 'uniquelocal']],
  ])('%j -> %j', (value, expected) => {
    expect(trustProxyOf(value)).toEqual(expected);
  });

  it('refuses "true" (trust everyone) at start, saying what to set instead', () => {
    expect(() => load({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY=true would believe any client.*TRUST_PROXY=1/);
  });

  it.each(['yes', '10.0.0.0/33', '300.1.1.1', '10.0.0.1/8/1', '1.2.3.4,', '-1', '64'])('refuses %j', (value) => {
    expect(() => load({ TRUST_PROXY: value })).toThrow(/Invalid configuration: TRUST_PROXY/);
  });

  it('a hop count trusts that many addresses nearest the server (Fastify 5 would trust none for a number)', () => {
    const trust = fastifyTrustProxy(2);
    expect(typeof trust).toBe('function');
    const hops = trust as (address: string, hop: number) => boolean;
    expect([0, 1, 2, 3].map((hop) => hops('10.0.0.1', hop))).toEqual([true, true, false, false]);
    expect(fastifyTrustProxy(false)).toBe(false);
    expect(fastifyTrustProxy(['10.0.0.0/8'])).toEqual(['10.0.0.0/8']);
  });

  it('reaches the config as Fastify takes it', () => {
    expect(load({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(load({ TRUST_PROXY: '172.16.0.0/12' }).trustProxy).toEqual(['172.16.0.0/12']);
    expect(load({}).trustProxy).toBe(false);
  });
});

describe('JWT_SECRET', () => {
  it('is refused at start when shorter than 32 bytes', () => {
    expect(() => load({ JWT_SECRET: 'x'.repeat(31) })).toThrow(
      /Invalid configuration: JWT_SECRET: must be at least 32 bytes/,
    );
    expect(() => load({ JWT_SECRET: 'too short' })).toThrow(/JWT_SECRET/);
  });

  it('is taken at 32 bytes and more (bytes, not characters)', () => {
    expect(load({ JWT_SECRET: 'x'.repeat(32) }).jwtSecret).toHaveLength(32);
    // 11 three-byte characters: 33 bytes.
    expect(load({ JWT_SECRET: '€'.repeat(11) }).jwtSecret).toHaveLength(33);
  });

  it('a generated secret is long enough; a short one left in DATA_DIR is refused', () => {
    const fresh = dataDir();
    expect(loadConfig({ DATA_DIR: fresh }).jwtSecret.length).toBeGreaterThanOrEqual(32);
    const stale = dataDir();
    writeFileSync(path.join(stale, 'jwt-secret'), 'short');
    expect(() => loadConfig({ DATA_DIR: stale })).toThrow(/shorter than 32 bytes/);
  });

  it('JWT_SECRET_PREVIOUS (a rotation) is unset by default, and held to the same 32 bytes', () => {
    expect(load({}).jwtSecretPrevious).toBeUndefined();
    expect(load({ JWT_SECRET_PREVIOUS: 'p'.repeat(32) }).jwtSecretPrevious).toHaveLength(32);
    expect(() => load({ JWT_SECRET_PREVIOUS: 'p'.repeat(31) })).toThrow(
      /Invalid configuration: JWT_SECRET_PREVIOUS: must be at least 32 bytes/,
    );
  });
});

describe('REDIS_URL (the event bus over Redis, docs/decisions/0036)', () => {
  it('unset or empty: no Redis, the bus runs over PostgreSQL', () => {
    expect(load({}).redisUrl).toBeUndefined();
    expect(load({ REDIS_URL: ' ' }).redisUrl).toBeUndefined();
  });

  it.each(['redis://127.0.0.1:6379', 'rediss://user:secret@redis.internal:6380/2'])('takes %j', (url) => {
    expect(load({ REDIS_URL: url }).redisUrl).toBe(url);
  });

  it.each(['127.0.0.1:6379', 'http://redis:6379', 'redis://'])('refuses %j at start', (url) => {
    expect(() => load({ REDIS_URL: url })).toThrow(/REDIS_URL: must be a redis:\/\/ or rediss:\/\/ URL/);
  });
});

describe('PASSWORD_HASH_COST', () => {
  it("is production's 2^15 unless set", () => {
    expect(load({}).passwordHashCost).toBe(15);
    expect(load({ NODE_ENV: 'production', MARKET_SOURCE: 'binance' }).passwordHashCost).toBe(15);
    expect(load({ PASSWORD_HASH_COST: '10' }).passwordHashCost).toBe(10);
  });

  it('refuses a cheaper hash in production, and a cost out of range anywhere', () => {
    expect(() => load({ NODE_ENV: 'production', MARKET_SOURCE: 'binance', PASSWORD_HASH_COST: '14' })).toThrow(
      /PASSWORD_HASH_COST: must be at least 15 in production/,
    );
    expect(() => load({ PASSWORD_HASH_COST: '9' })).toThrow(/Invalid configuration: PASSWORD_HASH_COST/);
    expect(() => load({ PASSWORD_HASH_COST: '21' })).toThrow(/Invalid configuration: PASSWORD_HASH_COST/);
  });
});

describe('the simulated market in production (README "Production checklist")', () => {
  it('is refused with NODE_ENV=production, saying what to set instead', () => {
    expect(() => load({ NODE_ENV: 'production' })).toThrow(
      /Invalid configuration: MARKET_SOURCE: sim is refused with NODE_ENV=production.*MARKET_SOURCE=binance, or ALLOW_SIMULATED_MARKET=1/,
    );
    expect(() => load({ NODE_ENV: 'production', MARKET_SOURCE: 'sim', ALLOW_SIMULATED_MARKET: '0' })).toThrow(
      /MARKET_SOURCE: sim is refused/,
    );
  });

  it('ALLOW_SIMULATED_MARKET=1 starts it with a warning, and on-chain withdrawals off', () => {
    const config = load({ NODE_ENV: 'production', ALLOW_SIMULATED_MARKET: '1' });
    expect(config.onchainWithdrawals).toBe(false);
    expect(config.warnings).toEqual([SIMULATED_MARKET_WARNING]);
    expect(SIMULATED_MARKET_WARNING).toMatch(/on-chain withdrawals are off/);
  });

  it('a real market in production, or the simulator outside it, keeps on-chain withdrawals on without a warning', () => {
    for (const env of [{ NODE_ENV: 'production', MARKET_SOURCE: 'binance' }, {}, { NODE_ENV: 'development' }]) {
      const config = load(env);
      expect(config.onchainWithdrawals, JSON.stringify(env)).toBe(true);
      expect(config.warnings, JSON.stringify(env)).toEqual([]);
    }
  });

  it.each(['yes', 'true', '2'])('refuses ALLOW_SIMULATED_MARKET=%j', (value) => {
    expect(() => load({ ALLOW_SIMULATED_MARKET: value })).toThrow(/Invalid configuration: ALLOW_SIMULATED_MARKET/);
  });
});

describe('custody (docs/decisions/0056)', () => {
  const chain = {
    EVM_RPC_URL: 'http://127.0.0.1:8545',
    USDT_ERC20_CONTRACT: '0xdac17f958d2ee523a2206206994597c13d831ec7',
  };
  const strong = 'legal winner thank year wave sausage worth useful legal winner thank yellow';

  it('without EVM_RPC_URL there is no chain and no mnemonic file', () => {
    const dir = dataDir();
    expect(loadConfig({ DATA_DIR: dir }).custody).toBeUndefined();
    expect(() => statSync(path.join(dir, 'custody-mnemonic'))).toThrow();
  });

  it('generates a 24-word phrase once into DATA_DIR/custody-mnemonic, mode 0600, and reuses it', () => {
    const dir = dataDir();
    const first = loadConfig({ DATA_DIR: dir, ...chain }).custody!;
    expect(first.mnemonic.split(' ')).toHaveLength(24);
    expect(first.usdtContract).toBe('0xdAC17F958D2ee523a2206206994597C13D831ec7');
    expect(first.confirmations).toBe(12);
    const file = path.join(dir, 'custody-mnemonic');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(first.warnings.join()).toMatch(/back it up/);
    const again = loadConfig({ DATA_DIR: dir, ...chain }).custody!;
    expect(again.mnemonic).toBe(first.mnemonic);
    expect(again.warnings).toEqual([]);
    expect(readFileSync(file, 'utf8').trim()).toBe(first.mnemonic);
  });

  it('warns when the mnemonic file is readable by others', () => {
    const dir = dataDir();
    loadConfig({ DATA_DIR: dir, ...chain });
    chmodSync(path.join(dir, 'custody-mnemonic'), 0o644);
    expect(loadConfig({ DATA_DIR: dir, ...chain }).custody!.warnings.join()).toMatch(/mode 0644.*chmod 600/);
  });

  it.each([
    ['too short', 'legal winner thank year wave sausage'],
    ['a wrong checksum', 'legal winner thank year wave sausage worth useful legal winner thank thank'],
    ['not words', 'a b c d e f g h i j k l'],
    ['repeated words', 'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about'],
  ])('refuses a phrase that is %s', (_label, phrase) => {
    expect(() => load({ ...chain, CUSTODY_MNEMONIC: phrase })).toThrow(/custody mnemonic \(CUSTODY_MNEMONIC\)/);
  });

  it("refuses the test chains' public phrase, and a malformed file; accepts a phrase in any case and spacing", () => {
    const publicPhrase = 'test test test test test test test test test test test junk';
    expect(() => load({ ...chain, CUSTODY_MNEMONIC: publicPhrase })).toThrow(/repeats its words/);
    const dir = dataDir();
    writeFileSync(path.join(dir, 'custody-mnemonic'), 'not a phrase', { mode: 0o600 });
    expect(() => loadConfig({ DATA_DIR: dir, ...chain })).toThrow(/custody-mnemonic\) has 3 words/);
    expect(load({ ...chain, CUSTODY_MNEMONIC: ` ${strong.toUpperCase()} ` }).custody!.mnemonic).toBe(strong);
  });

  it('refuses a chain without its USDT contract, a malformed contract, and the dev chain in production', () => {
    expect(() => load({ EVM_RPC_URL: chain.EVM_RPC_URL })).toThrow(/USDT_ERC20_CONTRACT: is needed/);
    expect(() => load({ ...chain, USDT_ERC20_CONTRACT: '0x123' })).toThrow(/USDT_ERC20_CONTRACT: must be a 0x address/);
    expect(() => load({ NODE_ENV: 'production', EVM_DEV_CHAIN: '1' })).toThrow(/EVM_DEV_CHAIN: is a local test chain/);
  });
});
