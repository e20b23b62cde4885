/**
 * The order book of the Lever and Exchange screens: one read of GET /api/v3/depth?limit=5 when the pair
 * opens, then `<symbol>@depth5` on the market socket, whose frames are that same answer (sent on
 * subscribing and whenever the top of the book changed); the 3 s poll of docs/product.md 7 runs only
 * while the socket is down (docs/decisions/0071-lever-screen-push.md, "The order book"). Both write the
 * one cached book, so whichever arrived last is shown.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { OrderBook } from '../../../shared/api/market';
import { ORDER_BOOK_LEVELS, POLL } from '../../../shared/constants';
import { depthStream } from '../../../shared/market';
import { marketSocket } from '../../lib/sockets';
import { orderBookQuery } from '../market';
import { useSocketOpen } from './live-price';

const isLevel = (level: unknown): level is [string, string] =>
  Array.isArray(level) && level.length === 2 && typeof level[0] === 'string' && typeof level[1] === 'string';

/** A `@depth<levels>` frame as the book it carries, or null when it is not one. */
function streamedBook(data: unknown): OrderBook | null {
  if (typeof data !== 'object' || data === null) return null;
  const { lastUpdateId, bids, asks } = data as Record<string, unknown>;
  if (typeof lastUpdateId !== 'number' || !Array.isArray(bids) || !Array.isArray(asks)) return null;
  if (!bids.every(isLevel) || !asks.every(isLevel)) return null;
  return { lastUpdateId, bids, asks };
}

export function useLiveOrderBook(symbol: string) {
  const socketOpen = useSocketOpen();
  const queryClient = useQueryClient();
  const book = useQuery({ ...orderBookQuery(symbol), refetchInterval: socketOpen ? false : POLL.leverPrices });

  useEffect(
    () =>
      marketSocket().subscribe(depthStream(symbol, ORDER_BOOK_LEVELS), (data) => {
        const next = streamedBook(data);
        if (next) queryClient.setQueryData(orderBookQuery(symbol).queryKey, next);
      }),
    [symbol, queryClient],
  );
  return book;
}
