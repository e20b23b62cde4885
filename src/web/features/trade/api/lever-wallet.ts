/**
 * The lever wallet's USDT, the margin a trade can use (GET /api-v1/lever-wallet-list/). The server
 * pushes the same list on `lever-wallet@user.<id>` whenever a posting moves it
 * (docs/decisions/0071-lever-screen-push.md); the 3 s poll of docs/product.md 7 runs only while that
 * push is not live (the socket is down, or no frame of this connection has come yet).
 */
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { USER_STREAMS } from '../../../../shared/api/streams';
import { walletList, type WalletList } from '../../../../shared/api/wallet';
import { POLL, QUOTE_CURRENCY } from '../../../../shared/constants';
import { userSocket } from '../../../lib/sockets';
import { walletListQuery } from '../../../lib/wallet-lists';
import { useUserStreamPush, type UserStream } from './user-stream-push';

const usdtOf = (list: WalletList) => list.find((row) => row.currency === QUOTE_CURRENCY)?.balance ?? '0';
const leverWalletFrame = z.object({ e: z.literal('lever-wallet'), balances: walletList });

const LEVER_WALLET: UserStream<z.infer<typeof leverWalletFrame>> = {
  label: 'lever wallet',
  topic: USER_STREAMS.leverWallet,
  frame: leverWalletFrame,
  queryKey: walletListQuery('lever').queryKey,
  cached: (frame) => frame.balances,
};

/** USDT in the lever wallet ('0' when none; undefined until loaded), and whether loading it failed. */
export function useLeverBalance() {
  const pushed = useUserStreamPush(userSocket(), LEVER_WALLET);
  const query = useQuery({
    ...walletListQuery('lever'),
    refetchInterval: pushed ? false : POLL.leverWallet,
    refetchIntervalInBackground: false,
    select: usdtOf,
  });
  return { balance: query.data, failed: query.isError && query.data === undefined };
}
