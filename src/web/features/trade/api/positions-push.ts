/**
 * The open positions pushed by the server (docs/decisions/0027-positions-push.md, docs/architecture.md
 * "Realtime"): `positions@user.<id>` on the user's socket (lib/sockets.ts `userSocket`) sends the very list
 * GET /api-v1/get-active-trades/ answers, at once on every change and on every price move (at most
 * once a second). Each frame replaces the cached list; while frames come, the 1 s poll of
 * docs/product.md 7 is off, and it is back as soon as the socket is down or refused.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { z } from 'zod';
import { USER_STREAMS } from '../../../../shared/api/streams';
import { activeTrades } from '../../../../shared/api/trade';
import type { MarketSocket } from '../../../lib/market-socket';
import { getStoredUser } from '../../../lib/session';
import { userSocket } from '../../../lib/sockets';
import { tradeKeys } from './keys';

const positionsFrame = z.object({ e: z.literal('positions'), trades: activeTrades });

/**
 * Follows the logged-in user's positions stream while mounted; true while it is live: the socket
 * is open and a frame of this connection has arrived (the server sends the current state right
 * after subscribing), so a refused subscription or an ended login keeps the poll going.
 */
export function usePositionsPush(socket: MarketSocket = userSocket()): boolean {
  const client = useQueryClient();
  const [live, setLive] = useState(false);

  useEffect(() => {
    const user = getStoredUser();
    if (!user) return;
    const stopStatus = socket.onStatus((status) => {
      if (status !== 'open') setLive(false);
    });
    const stopStream = socket.subscribe(USER_STREAMS.positions(user.user_id), (data) => {
      const frame = positionsFrame.safeParse(data);
      if (!frame.success) return console.warn('[positions] unreadable frame', frame.error.message);
      client.setQueryData(tradeKeys.active, frame.data.trades);
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
