/** docs/product.md 4 "Wallet list cache": memory first, then local storage, 24 hours, one user's own. */
import { afterEach, describe, expect, it } from 'vitest';
import { API_CACHE_MS } from '../../shared/constants';
import { forgetWalletCacheMemory, readWalletCache, writeWalletCache } from './wallet-cache';

const list = [
  { currency: 'USDT', balance: '120.5' },
  { currency: 'BTC', balance: '0' },
];
const NOW = Date.UTC(2025, 0, 1, 12);

afterEach(() => {
  forgetWalletCacheMemory();
  localStorage.clear();
});

describe('wallet list cache', () => {
  it('returns a saved list with the time it was saved', () => {
    writeWalletCache(7, 'funding', list, NOW);
    expect(readWalletCache(7, 'funding', NOW + 1000)).toEqual({ list, savedAt: NOW });
    expect(readWalletCache(7, 'lever', NOW)).toBeNull();
  });

  it('survives a reload through local storage', () => {
    writeWalletCache(7, 'lever', list, NOW);
    forgetWalletCacheMemory();
    expect(JSON.parse(localStorage.getItem('walletCache')!)).toMatchObject({ userId: 7 });
    expect(readWalletCache(7, 'lever', NOW)?.list).toEqual(list);
  });

  it('answers from memory without reading local storage again', () => {
    writeWalletCache(7, 'funding', list, NOW);
    localStorage.setItem('walletCache', 'not json');
    expect(readWalletCache(7, 'funding', NOW)?.list).toEqual(list);
  });

  it('expires a list 24 hours after it was saved', () => {
    writeWalletCache(7, 'funding', list, NOW);
    expect(readWalletCache(7, 'funding', NOW + API_CACHE_MS - 1)).not.toBeNull();
    expect(readWalletCache(7, 'funding', NOW + API_CACHE_MS)).toBeNull();
  });

  it('ignores a list saved in the future (a clock moved back)', () => {
    writeWalletCache(7, 'funding', list, NOW);
    expect(readWalletCache(7, 'funding', NOW - 60_000)).toBeNull();
  });

  it("never shows one user's balances to another on the same device", () => {
    writeWalletCache(7, 'funding', list, NOW);
    expect(readWalletCache(8, 'funding', NOW)).toBeNull();
    forgetWalletCacheMemory();
    expect(readWalletCache(8, 'funding', NOW)).toBeNull();
    writeWalletCache(8, 'second', list, NOW);
    expect(readWalletCache(7, 'funding', NOW)).toBeNull();
  });

  it('treats broken or foreign storage as empty', () => {
    const saved = (wallets: unknown) => JSON.stringify({ userId: 7, wallets });
    const row = { currency: 'USDT', balance: '1' };
    for (const raw of [
      'not json',
      '{"userId":7,"wallets":{"funding":{"list":"x","savedAt":1}}}',
      '[]',
      'null',
      JSON.stringify({ userId: '7', wallets: {} }),
      saved([]),
      saved({ funding: { list: [row], savedAt: NOW }, spot: { list: [row], savedAt: NOW } }),
      saved({ funding: { list: [{ currency: 'USDT', balance: 1 }], savedAt: NOW } }),
      saved({ funding: { list: [{ currency: 'USDT' }], savedAt: NOW } }),
      saved({ funding: { list: [null], savedAt: NOW } }),
      saved({ funding: { list: [row], savedAt: String(NOW) } }),
      saved({ funding: null }),
    ]) {
      forgetWalletCacheMemory();
      localStorage.setItem('walletCache', raw);
      expect(readWalletCache(7, 'funding', NOW)).toBeNull();
    }
  });

  it('keeps only the fields of a list row', () => {
    const row = { currency: 'USDT', balance: '1', extra: 'x' };
    localStorage.setItem(
      'walletCache',
      JSON.stringify({ userId: 7, wallets: { funding: { list: [row], savedAt: NOW } } }),
    );
    expect(readWalletCache(7, 'funding', NOW)).toEqual({ list: [{ currency: 'USDT', balance: '1' }], savedAt: NOW });
  });
});
