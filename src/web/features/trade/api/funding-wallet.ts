/** The funding (exchange) wallet, which a spot order would trade from: the spot mock's percentages use it. */
import { useQuery } from '@tanstack/react-query';
import type { WalletList } from '../../../../shared/api/wallet';
import { walletListQuery } from '../../../lib/wallet-lists';

const balancesOf = (list: WalletList) => new Map(list.map((row) => [row.currency, row.balance]));

/** Balance of a currency in the funding wallet ('0' when none; undefined until loaded). */
export function useFundingBalance(currency: string): string | undefined {
  const query = useQuery({ ...walletListQuery('funding'), select: balancesOf });
  return query.data && (query.data.get(currency) ?? '0');
}
