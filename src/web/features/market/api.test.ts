import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { POLL } from '../../../shared/constants.js';
import { fetchCoinPrice } from './api/coin-price.js';
import { fetchOrderBook, orderBookQuery } from './api/order-book.js';
import { MarketRequestError } from './api/request.js';
import { leverPriceQuery } from './api/ticker.js';
import { fetchTickers, leverCoinListQuery, marketTickersQuery } from './api/tickers.js';

const ticker = (symbol: string, lastPrice: string) => ({
  symbol,
  priceChange: '0',
  priceChangePercent: '1.000',
  weightedAvgPrice: lastPrice,
  prevClosePrice: lastPrice,
  lastPrice,
  lastQty: '1',
  bidPrice: lastPrice,
  bidQty: '1',
  askPrice: lastPrice,
  askQty: '1',
  openPrice: lastPrice,
  highPrice: lastPrice,
  lowPrice: lastPrice,
  volume: '1',
  quoteVolume: '1',
  openTime: 0,
  closeTime: 1,
  firstId: 1,
  lastId: 1,
  count: 1,
});

let fetchMock: ReturnType<typeof vi.fn>;
const answer = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

beforeEach(() => {
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('market fetchers', () => {
  it('ask our own server for tickers, with the exchange symbols format', async () => {
    fetchMock.mockResolvedValue(answer([ticker('BTCUSDT', '65000.00000000'), ticker('ETHUSDT', '3000.00000000')]));
    const tickers = await fetchTickers(['BTCUSDT', 'ETHUSDT']);
    expect(tickers.map((t) => t.lastPrice)).toEqual(['65000.00000000', '3000.00000000']);
    expect(fetchMock.mock.calls[0]![0]).toBe(
      `/api/v3/ticker/24hr?symbols=${encodeURIComponent('["BTCUSDT","ETHUSDT"]')}`,
    );
  });

  it('ask for a 5-level order book by default', async () => {
    fetchMock.mockResolvedValue(answer({ lastUpdateId: 1, bids: [['1', '2']], asks: [['3', '4']] }));
    await fetchOrderBook('BTCUSDT');
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/v3/depth?symbol=BTCUSDT&limit=5');
  });

  it('turn an exchange error into a MarketRequestError with its body', async () => {
    fetchMock.mockResolvedValue(answer({ code: -1121, msg: 'Invalid symbol.' }, 400));
    await expect(fetchTickers(['NOPE'])).rejects.toMatchObject({ status: 400, body: { code: -1121 } });
    await expect(fetchTickers(['NOPE'])).rejects.toBeInstanceOf(MarketRequestError);
  });

  it('refuse an answer of the wrong shape', async () => {
    fetchMock.mockResolvedValue(answer([{ symbol: 'BTCUSDT' }]));
    await expect(fetchTickers()).rejects.toThrow();
  });

  it('price coins in USDT: USDT is 1, USDO from the default currency, others from {coin}USDT', async () => {
    expect(await fetchCoinPrice('usdt')).toBe('1');
    expect(fetchMock).not.toHaveBeenCalled();
    fetchMock.mockResolvedValueOnce(answer({ currency: 'USDO', price: '1.02' }));
    expect(await fetchCoinPrice('USDO')).toBe('1.02');
    expect(fetchMock.mock.calls[0]![0]).toBe('/api-v1/default-currency/');
    fetchMock.mockResolvedValueOnce(answer(ticker('ETHUSDT', '3001.50000000')));
    expect(await fetchCoinPrice('eth')).toBe('3001.50000000');
    expect(fetchMock.mock.calls[1]![0]).toBe('/api/v3/ticker/24hr?symbol=ETHUSDT');
  });
});

describe('market queries', () => {
  it('poll at the docs/product.md intervals', () => {
    expect(marketTickersQuery().refetchInterval).toBe(POLL.markets);
    expect(leverPriceQuery('BTCUSDT').refetchInterval).toBe(POLL.leverPrices);
    expect(leverCoinListQuery().refetchInterval).toBe(POLL.leverCoinList);
    expect(orderBookQuery('BTCUSDT').refetchInterval).toBe(POLL.leverPrices);
    expect(orderBookQuery('BTCUSDT').queryKey).toEqual(['market', 'depth', 'BTCUSDT', 5]);
  });

  it('only log a failure', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    await expect(client.fetchQuery({ ...marketTickersQuery(), retry: false })).rejects.toThrow('Failed to fetch');
    expect(warn).toHaveBeenCalledWith('[market] tickers failed', expect.any(TypeError));
  });
});
