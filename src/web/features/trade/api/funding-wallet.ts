/** The funding (exchange) wallet, which a spot order would trade from: the spot mock's percentages use it. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { walletList, type WalletList } from '../../../../shared/api/wallet';
import { api } from '../../../lib/api';
import { WALLET_KEY } from './keys';

export const fundingWalletQuery = () =>
  queryOptions({
    queryKey: [...WALLET_KEY, 'list', 'funding'] as const,
    queryFn: ({ signal }) => api.get('/api-v1/funding-wallet-list/', { schema: walletList, signal }),
  });

const balancesOf = (list: WalletList) => new Map(list.map((row) => [row.currency, row.balance]));

/** Balance of a currency in the funding wallet ('0' when none; undefined until loaded). */
export function useFundingBalance(currency: string): string | undefined {
  const query = useQuery({ ...fundingWalletQuery(), select: balancesOf });
  return query.data && (query.data.get(currency) ?? '0');
}
