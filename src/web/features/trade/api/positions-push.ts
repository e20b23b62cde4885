/**
 * The open positions pushed by the server (docs/decisions/0027-positions-push.md, docs/architecture.md
 * "Realtime"): `positions@user.<id>` on the user's socket (lib/sockets.ts `userSocket`) sends the very list
 * GET /api-v1/get-active-trades/ answers, at once on every change and on every price move (at most
 * once a second). Each frame replaces the cached list; while frames come, the 1 s poll of
 * docs/product.md 7 is off, and it is back as soon as the socket is down or refused.
 */
import { z } from 'zod';
import { USER_STREAMS } from '../../../../shared/api/streams';
import { activeTrades } from '../../../../shared/api/trade';
import type { MarketSocket } from '../../../lib/market-socket';
import { userSocket } from '../../../lib/sockets';
import { tradeKeys } from './keys';
import { useUserStreamPush, type UserStream } from './user-stream-push';

const positionsFrame = z.object({ e: z.literal('positions'), trades: activeTrades });
const POSITIONS: UserStream<z.infer<typeof positionsFrame>> = {
  label: 'positions',
  topic: USER_STREAMS.positions,
  frame: positionsFrame,
  queryKey: tradeKeys.active,
  cached: (frame) => frame.trades,
};

/** Follows the logged-in user's positions stream while mounted; true while it is live (user-stream-push.ts). */
export function usePositionsPush(socket: MarketSocket = userSocket()): boolean {
  return useUserStreamPush(socket, POSITIONS);
}
