/** The lever wallet's USDT, the margin a trade can use (GET /api-v1/lever-wallet-list/, every 3 s). */
import { useQuery } from '@tanstack/react-query';
import type { WalletList } from '../../../../shared/api/wallet';
import { POLL, QUOTE_CURRENCY } from '../../../../shared/constants';
import { walletListQuery } from '../../../lib/wallet-lists';

const usdtOf = (list: WalletList) => list.find((row) => row.currency === QUOTE_CURRENCY)?.balance ?? '0';

/** USDT in the lever wallet ('0' when none; undefined until loaded), and whether loading it failed. */
export function useLeverBalance() {
  const query = useQuery({
    ...walletListQuery('lever'),
    refetchInterval: POLL.leverWallet,
    refetchIntervalInBackground: false,
    select: usdtOf,
  });
  return { balance: query.data, failed: query.isError && query.data === undefined };
}
