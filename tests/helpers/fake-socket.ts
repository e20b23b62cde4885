/**
 * A stream socket for the web's unit tests (src/web/lib/market-socket.ts `MarketSocket`): streams are
 * subscribed as the app does, `emit` delivers a frame to a stream's listeners and `status` announces the
 * socket going up or down, each inside React's act. `state.open` is what `isOpen()` answers; a test that
 * mocks lib/sockets passes its hoisted state so it can set the socket down before anything renders.
 */
import { act } from '@testing-library/react';
import type { MarketSocket, SocketStatus, StreamListener } from '../../src/web/lib/market-socket';

export function fakeSocket(state: { open: boolean } = { open: false }) {
  const listeners = new Map<string, Set<StreamListener>>();
  const statusListeners = new Set<(status: SocketStatus) => void>();
  const socket: MarketSocket = {
    subscribe(stream, listener) {
      if (!listeners.has(stream)) listeners.set(stream, new Set());
      listeners.get(stream)!.add(listener);
      return () => listeners.get(stream)?.delete(listener);
    },
    streams: () => [...listeners.keys()].filter((s) => (listeners.get(s)?.size ?? 0) > 0).sort(),
    close() {},
    isOpen: () => state.open,
    onStatus(listener) {
      statusListeners.add(listener);
      return () => void statusListeners.delete(listener);
    },
  };
  const emit = (stream: string, data: unknown) => act(() => listeners.get(stream)?.forEach((l) => l(data)));
  const status = (next: SocketStatus) =>
    act(() => {
      state.open = next === 'open';
      statusListeners.forEach((l) => l(next));
    });
  return { socket, emit, status };
}
