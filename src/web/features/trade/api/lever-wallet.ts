/**
 * The lever wallet's USDT, the margin a trade can use (GET /api-v1/lever-wallet-list/). The server
 * pushes the same list on `lever-wallet@user.<id>` whenever a posting moves it
 * (docs/decisions/0071-lever-screen-push.md); the 3 s poll of docs/product.md 7 runs only while that
 * push is not live (the socket is down, or no frame of this connection has come yet).
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { z } from 'zod';
import { USER_STREAMS } from '../../../../shared/api/streams';
import { walletList, type WalletList } from '../../../../shared/api/wallet';
import { POLL, QUOTE_CURRENCY } from '../../../../shared/constants';
import type { MarketSocket } from '../../../lib/market-socket';
import { getStoredUser } from '../../../lib/session';
import { userSocket } from '../../../lib/sockets';
import { walletListQuery } from '../../../lib/wallet-lists';

const usdtOf = (list: WalletList) => list.find((row) => row.currency === QUOTE_CURRENCY)?.balance ?? '0';
const leverWalletFrame = z.object({ e: z.literal('lever-wallet'), balances: walletList });

/** Follows the user's lever wallet stream while mounted; true while it is live (as usePositionsPush). */
function useLeverWalletPush(socket: MarketSocket = userSocket()): boolean {
  const client = useQueryClient();
  const [live, setLive] = useState(false);

  useEffect(() => {
    const user = getStoredUser();
    if (!user) return;
    const queryKey = walletListQuery('lever').queryKey;
    const stopStatus = socket.onStatus((status) => {
      if (status !== 'open') setLive(false);
    });
    const stopStream = socket.subscribe(USER_STREAMS.leverWallet(user.user_id), (data) => {
      const frame = leverWalletFrame.safeParse(data);
      if (!frame.success) return console.warn('[lever wallet] unreadable frame', frame.error.message);
      client.setQueryData(queryKey, frame.data.balances);
      setLive(socket.isOpen());
    });
    return () => {
      stopStream();
      stopStatus();
      setLive(false);
    };
  }, [client, socket]);

  return live;
}

/** USDT in the lever wallet ('0' when none; undefined until loaded), and whether loading it failed. */
export function useLeverBalance() {
  const pushed = useLeverWalletPush();
  const query = useQuery({
    ...walletListQuery('lever'),
    refetchInterval: pushed ? false : POLL.leverWallet,
    refetchIntervalInBackground: false,
    select: usdtOf,
  });
  return { balance: query.data, failed: query.isError && query.data === undefined };
}
