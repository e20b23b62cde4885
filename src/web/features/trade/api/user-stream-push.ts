/**
 * One of the user's own streams (docs/architecture.md "Realtime: the user's own streams") kept in the
 * query cache: each readable frame replaces the cached answer of the GET it mirrors. True while the
 * push is live: the socket is open and a frame of this connection has arrived (the server sends the
 * current state right after subscribing), so a refused subscription or an ended login keeps the
 * screen's poll going.
 */
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { z } from 'zod';
import type { MarketSocket } from '../../../lib/market-socket';
import { getStoredUser } from '../../../lib/session';

export interface UserStream<Frame> {
  /** For the console's warning about an unreadable frame. */
  label: string;
  topic: (userId: number) => string;
  frame: z.ZodType<Frame>;
  queryKey: QueryKey;
  /** What of a frame goes into the cache under `queryKey`. */
  cached: (frame: Frame) => unknown;
}

/** Follows `stream` while mounted; `stream` is a module constant (the effect depends on it). */
export function useUserStreamPush<Frame>(socket: MarketSocket, stream: UserStream<Frame>): boolean {
  const client = useQueryClient();
  const [live, setLive] = useState(false);

  useEffect(() => {
    const user = getStoredUser();
    if (!user) return;
    const stopStatus = socket.onStatus((status) => {
      if (status !== 'open') setLive(false);
    });
    const stopStream = socket.subscribe(stream.topic(user.user_id), (data) => {
      const frame = stream.frame.safeParse(data);
      if (!frame.success) return console.warn(`[${stream.label}] unreadable frame`, frame.error.message);
      client.setQueryData(stream.queryKey, stream.cached(frame.data));
      setLive(socket.isOpen());
    });
    return () => {
      stopStream();
      stopStatus();
      setLive(false);
    };
  }, [client, socket, stream]);

  return live;
}
