/** docs/product.md 7: all active trades re-priced every 20 s; the selected coin's on price changes, throttled to the 3 s price rhythm. */
import { cleanup, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installFakeApi, queryWrapper, testQueryClient, type FakeApi } from '../../../../../tests/helpers/fake-web-api';
import { tradeKeys } from './keys';
import type { TradeItem } from '../../../../shared/api/trade';
import { useTradeRepricing } from './reprice-trades';
import { tradeItem } from '../../../../../tests/helpers/trade-item';

const trade = (trade_id: number, coin: string, fields: Partial<TradeItem> = {}) =>
  tradeItem({
    trade_id,
    coin,
    pair: `${coin}/USDT`,
    hands: '1',
    starting_price: '100',
    profit_loss_decimal: '0',
    margin: '1',
    liquidation_price: '99',
    open_fee: '0',
    current_price: `${trade_id}00.5`,
    ...fields,
  });

let api: FakeApi;
/** What every call to the API sent, in order. */
const bodies = () => api.calls.map((call) => call.body);

beforeEach(() => {
  vi.useFakeTimers();
  api = installFakeApi();
  api.on('POST /api-v1/trade-updation/', ({ body }) => [
    200,
    { message: 'Trade priced', trade: trade((body as { trade_id: number }).trade_id, 'BTC') },
  ]);
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const trades = [trade(1, 'BTC'), trade(2, 'ETH'), trade(3, 'BTC', { status: 'pending' })];

describe('re-pricing trades', () => {
  it('re-prices every open trade every 20 s at its last known mark, pending orders left alone', async () => {
    renderHook(() => useTradeRepricing(trades, 'SOL', undefined), { wrapper: queryWrapper() });
    await vi.advanceTimersByTimeAsync(19_999);
    expect(bodies()).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(bodies()).toEqual([
      { trade_id: 1, current_price: '100.5', is_closed: false },
      { trade_id: 2, current_price: '200.5', is_closed: false },
    ]);
    await vi.advanceTimersByTimeAsync(20_000);
    expect(bodies()).toHaveLength(4);
  });

  it("re-prices the selected coin's open trades when its price changes, at most every 3 s", async () => {
    const { rerender } = renderHook(({ price }) => useTradeRepricing(trades, 'BTC', price), {
      wrapper: queryWrapper(),
      initialProps: { price: '101' as string | undefined },
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(bodies()).toEqual([{ trade_id: 1, current_price: '101', is_closed: false }]);
    rerender({ price: '102' });
    await vi.advanceTimersByTimeAsync(2_000);
    expect(bodies()).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1_000);
    rerender({ price: '103' });
    await vi.advanceTimersByTimeAsync(0);
    expect(bodies().at(-1)).toEqual({ trade_id: 1, current_price: '103', is_closed: false });
    expect(bodies()).toHaveLength(2);
  });
});

describe('re-pricing beside the positions push', () => {
  // While the push is live its frames carry the server's P/L at every move and are the list's one
  // writer: an answer priced before a move, landing after the move's frame, would put the older P/L
  // back for good (the server sends no frame equal to its last).
  const pushedList = [trade(1, 'BTC', { profit_loss_decimal: '15', current_price: '60150' })];
  const cachedAfterAMove = async (pushed: boolean) => {
    api.on('POST /api-v1/trade-updation/', [
      200,
      { message: 'Trade priced', trade: trade(1, 'BTC', { profit_loss_decimal: '-7.45', current_price: '59925.5' }) },
    ]);
    const client = testQueryClient();
    client.setQueryData(tradeKeys.active, pushedList);
    renderHook(() => useTradeRepricing(pushedList, 'BTC', '59925.5', pushed), { wrapper: queryWrapper(client) });
    await vi.advanceTimersByTimeAsync(20_000);
    return client.getQueryData<TradeItem[]>(tradeKeys.active)?.map((item) => item.profit_loss_decimal);
  };

  it('asks nothing while the push is live and leaves the pushed list as it is', async () => {
    expect(await cachedAfterAMove(true)).toEqual(['15']);
    expect(bodies()).toEqual([]);
  });

  it('re-prices the polled list and puts the answers into it', async () => {
    expect(await cachedAfterAMove(false)).toEqual(['-7.45']);
    expect(bodies()).toEqual([
      { trade_id: 1, current_price: '59925.5', is_closed: false },
      { trade_id: 1, current_price: '60150', is_closed: false },
    ]);
  });
});
