/**
 * The wallet-list cache of docs/product.md 4: memory first, then local storage, each list good for 24 hours.
 * A screen shows a cached list at once and refreshes it in the background. The cache belongs to one
 * user: another account logged in on the same device starts empty.
 */
import type { WalletList } from '../../shared/api/wallet';
import { API_CACHE_MS, WALLET_KINDS, type WalletKind } from '../../shared/constants';
import { STORAGE_KEYS, readItem, writeItem } from './storage';

export interface CachedList {
  list: WalletList;
  savedAt: number;
}
interface StoredCache {
  userId: number;
  wallets: Partial<Record<WalletKind, CachedList>>;
}

let memory: StoredCache | null = null;

/*
 * The stored cache is checked by hand, not with zod: Home reads it for its first paint and zod is not
 * part of that (docs/decisions/0085-server-rendered-first-paint.md, step 1). The check is the one the
 * shared schema made (shared/api/wallet.ts walletList: rows of a `currency` and a `balance` string):
 * anything else, an unknown wallet or a missing field, makes the whole cache empty; unknown fields
 * are dropped.
 */
const isRecord = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);
const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);
const isWalletKind = (name: string): name is WalletKind => (WALLET_KINDS as readonly string[]).includes(name);

function cachedListOf(value: unknown): CachedList | null {
  if (!isRecord(value) || !isNumber(value.savedAt) || !Array.isArray(value.list)) return null;
  const list: WalletList = [];
  for (const row of value.list as unknown[]) {
    if (!isRecord(row) || typeof row.currency !== 'string' || typeof row.balance !== 'string') return null;
    list.push({ currency: row.currency, balance: row.balance });
  }
  return { list, savedAt: value.savedAt };
}

function storedCacheOf(value: unknown): StoredCache | null {
  if (!isRecord(value) || !isNumber(value.userId) || !isRecord(value.wallets)) return null;
  const wallets: StoredCache['wallets'] = {};
  for (const [name, entry] of Object.entries(value.wallets)) {
    const cached = cachedListOf(entry);
    if (!isWalletKind(name) || !cached) return null;
    wallets[name] = cached;
  }
  return { userId: value.userId, wallets };
}

function parseStored(raw: string | null): StoredCache | null {
  if (!raw) return null;
  try {
    return storedCacheOf(JSON.parse(raw));
  } catch {
    return null;
  }
}

function cacheOf(userId: number): StoredCache {
  if (memory?.userId === userId) return memory;
  const stored = parseStored(readItem(STORAGE_KEYS.walletCache));
  memory = stored?.userId === userId ? stored : { userId, wallets: {} };
  return memory;
}

/** The cached list of one wallet, or null when there is none younger than 24 hours. */
export function readWalletCache(userId: number, kind: WalletKind, now = Date.now()): CachedList | null {
  const entry = cacheOf(userId).wallets[kind];
  if (!entry || now - entry.savedAt >= API_CACHE_MS || entry.savedAt > now) return null;
  return entry;
}

export function writeWalletCache(userId: number, kind: WalletKind, list: WalletList, now = Date.now()): void {
  const cache = cacheOf(userId);
  memory = { userId, wallets: { ...cache.wallets, [kind]: { list, savedAt: now } } };
  writeItem(STORAGE_KEYS.walletCache, JSON.stringify(memory));
}

/** Drops the memory layer (local storage is cleared with the session). */
export function forgetWalletCacheMemory(): void {
  memory = null;
}
