import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MarketSocket, StreamListener } from '../../lib/market-socket.js';
import { useTickerStream } from './stream.js';

function fakeSocket() {
  const listeners = new Map<string, Set<StreamListener>>();
  const socket: MarketSocket = {
    subscribe(stream, listener) {
      if (!listeners.has(stream)) listeners.set(stream, new Set());
      listeners.get(stream)!.add(listener);
      return () => {
        listeners.get(stream)?.delete(listener);
        if (listeners.get(stream)?.size === 0) listeners.delete(stream);
      };
    },
    streams: () => [...listeners.keys()],
    close() {},
    isOpen: () => true,
    onStatus: () => () => {},
  };
  const emit = (stream: string, data: unknown) => listeners.get(stream)?.forEach((l) => l(data));
  return { socket, emit };
}

beforeEach(() => void vi.useFakeTimers());
afterEach(() => void vi.useRealTimers());

describe('live tickers', () => {
  it('subscribe to each symbol and show its latest price and change', () => {
    const { socket, emit } = fakeSocket();
    const { result, unmount } = renderHook(() => useTickerStream(['BTCUSDT', 'ETHUSDT'], socket));
    expect(socket.streams()).toEqual(['btcusdt@ticker', 'ethusdt@ticker']);
    expect(result.current).toEqual({});
    act(() => {
      emit('btcusdt@ticker', { e: '24hrTicker', s: 'BTCUSDT', c: '65000.00000000', P: '1.250' });
      emit('btcusdt@ticker', { e: '24hrTicker', s: 'BTCUSDT', c: '65001.00000000', P: '1.260' });
      emit('ethusdt@ticker', { unexpected: true });
      vi.advanceTimersByTime(250);
    });
    expect(result.current).toEqual({
      BTCUSDT: { symbol: 'BTCUSDT', lastPrice: '65001.00000000', priceChangePercent: '1.260' },
    });
    unmount();
    expect(socket.streams()).toEqual([]);
  });

  it('follows a change of symbols', () => {
    const { socket } = fakeSocket();
    const { rerender } = renderHook(({ symbols }) => useTickerStream(symbols, socket), {
      initialProps: { symbols: ['BTCUSDT'] },
    });
    rerender({ symbols: ['XRPUSDT', 'DOGEUSDT'] });
    expect(socket.streams()).toEqual(['xrpusdt@ticker', 'dogeusdt@ticker']);
  });
});
