/**
 * GET /api-v1/{funding,lever,legal,second}-wallet-list/: a wallet's currencies and balances. The
 * cached list (wallet-cache.ts) is shown at once and counts as stale, so it is refreshed on every visit.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { WalletKind } from '../../shared/constants';
import { api } from './api';
import { WALLET_KEY } from './query-keys';
import { readSession } from './session';
import { readWalletCache, writeWalletCache } from './wallet-cache';

const WALLET_LISTS_KEY = [...WALLET_KEY, 'list'] as const;
/** The answer's schema loads with the request, not with Home (zod is not part of its first paint). */
const walletList = async () => (await import('../../shared/api/wallet')).walletList;

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
