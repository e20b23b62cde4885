/**
 * The wallet-list cache of docs/product.md 4: memory first, then local storage, each list good for 24 hours.
 * A screen shows a cached list at once and refreshes it in the background. The cache belongs to one
 * user: another account logged in on the same device starts empty.
 */
import { z } from 'zod';
import { walletList, type WalletList } from '../../shared/api/wallet';
import { API_CACHE_MS, WALLET_KINDS, type WalletKind } from '../../shared/constants';
import { STORAGE_KEYS, readItem, writeItem } from './storage';

const cachedList = z.object({ list: walletList, savedAt: z.number() });
export type CachedList = z.infer<typeof cachedList>;

const storedCache = z.object({
  userId: z.number(),
  wallets: z.partialRecord(z.enum(WALLET_KINDS), cachedList),
});
type StoredCache = z.infer<typeof storedCache>;

let memory: StoredCache | null = null;

function parseStored(raw: string | null): StoredCache | null {
  if (!raw) return null;
  try {
    const parsed = storedCache.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
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
