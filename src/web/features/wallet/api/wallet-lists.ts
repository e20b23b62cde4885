/**
 * GET /api-v1/{funding,lever,legal,second}-wallet-list/: a wallet's currencies and balances. The
 * cached list (wallet-cache.ts) is shown at once and counts as stale, so it is refreshed on every visit.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { bonusLock } from '../../../../shared/api/bonuses';
import { walletList } from '../../../../shared/api/wallet';
import type { WalletKind } from '../../../../shared/constants';
import { api } from '../../../lib/api';
import { readSession } from '../../../lib/session';
import { readWalletCache, writeWalletCache } from './wallet-cache';

/** Every query of balances and money history starts with this key: money moves invalidate it whole. */
export const WALLET_KEY = ['wallet'] as const;
const WALLET_LISTS_KEY = [...WALLET_KEY, 'list'] as const;

export function walletListQuery(kind: WalletKind) {
  const userId = readSession().user?.user_id ?? 0;
  return queryOptions({
    queryKey: [...WALLET_LISTS_KEY, kind] as const,
    queryFn: async ({ signal }) => {
      const list = await api.get(`/api-v1/${kind}-wallet-list/`, { schema: walletList, signal });
      writeWalletCache(userId, kind, list);
      return list;
    },
    initialData: () => readWalletCache(userId, kind)?.list,
    initialDataUpdatedAt: () => readWalletCache(userId, kind)?.savedAt,
    staleTime: 0,
  });
}

export const useWalletList = (kind: WalletKind) => useQuery(walletListQuery(kind));

/** The balance of one currency in a wallet ('0' when the wallet holds none; undefined until known). */
export function useBalance(kind: WalletKind, currency: string) {
  const query = useWalletList(kind);
  const balance = query.data && (query.data.find((item) => item.currency === currency)?.balance ?? '0');
  return { balance, failed: query.isError && query.data === undefined };
}

/**
 * GET /api-v1/bonus-lock/ (docs/decisions/0047): the USDT bonus locked until its turnover is traded and
 * what may be withdrawn now. Under WALLET_KEY, so every money move refreshes it with the balances.
 */
export const useBonusLock = (enabled: boolean) =>
  useQuery({
    queryKey: [...WALLET_KEY, 'bonus-lock'] as const,
    queryFn: ({ signal }) => api.get('/api-v1/bonus-lock/', { schema: bonusLock, signal }),
    staleTime: 0,
    enabled,
  });
