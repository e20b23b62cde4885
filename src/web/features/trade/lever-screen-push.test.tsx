/**
 * The Lever screen's price and lever wallet come over the stream socket (docs/decisions/0071-lever-screen-push.md):
 * one REST read each for the first numbers, then the ticker stream and `lever-wallet@user.<id>`; the 3 s
 * polls of docs/product.md 7 run only while the socket is down (or before the wallet push is live).
 */
import { act, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApiPerTest } from '../../../../tests/helpers/fake-web-api';
import { fakeSocket } from '../../../../tests/helpers/fake-socket';
import { USER_STREAMS } from '../../../shared/api/streams';
import { forgetWalletCacheMemory } from '../../lib/wallet-cache';
import { useLeverBalance } from './api/lever-wallet';
import { useLiveOrderBook } from './live-order-book';
import { useLivePrice } from './live-price';

const fake = vi.hoisted(() => ({ open: true, socket: null as unknown }));
vi.mock('../../lib/sockets', () => ({ marketSocket: () => fake.socket, userSocket: () => fake.socket }));

const USER_ID = 7;
const WALLET_TOPIC = USER_STREAMS.leverWallet(USER_ID);

function Lever() {
  const live = useLivePrice('BTCUSDT');
  const { balance } = useLeverBalance();
  return (
    <p>
      <span data-testid="price">{live.price}</span>
      <span data-testid="high">{live.ticker?.highPrice}</span>
      <span data-testid="balance">{balance}</span>
    </p>
  );
}

function Book() {
  const book = useLiveOrderBook('BTCUSDT');
  return (
    <p>
      <span data-testid="best-bid">{book.data?.bids[0]?.[0]}</span>
      <span data-testid="best-ask">{book.data?.asks[0]?.[0]}</span>
    </p>
  );
}

const renderLever = (screenPart = <Lever />) =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      {screenPart}
    </QueryClientProvider>,
  );

const ticker = {
  symbol: 'BTCUSDT',
  priceChange: '0',
  priceChangePercent: '1.0',
  weightedAvgPrice: '60000',
  prevClosePrice: '60000',
  lastPrice: '60000',
  lastQty: '1',
  bidPrice: '60000',
  bidQty: '1',
  askPrice: '60000',
  askQty: '1',
  openPrice: '60000',
  highPrice: '61000',
  lowPrice: '59000',
  volume: '10',
  quoteVolume: '600000',
  openTime: 0,
  closeTime: 0,
  firstId: 0,
  lastId: 0,
  count: 0,
};

const api = fakeApiPerTest({ user_id: USER_ID });
let socket: ReturnType<typeof fakeSocket>;
const tickerReads = () => api.callsTo('GET /api/v3/ticker/24hr').length;
const walletReads = () => api.callsTo('GET /api-v1/lever-wallet-list/').length;
const bookReads = () => api.callsTo('GET /api/v3/depth').length;
const book = (bid: string, ask: string) => ({ lastUpdateId: 1, bids: [[bid, '1.5']], asks: [[ask, '0.5']] });
const text = (id: string) => screen.getByTestId(id).textContent;
const wait = (ms: number) => act(() => new Promise((resolve) => setTimeout(resolve, ms)));

beforeEach(() => {
  fake.open = true;
  socket = fakeSocket(fake);
  fake.socket = socket.socket;
  api.on('GET /api/v3/ticker/24hr', [200, ticker]);
  api.on('GET /api-v1/lever-wallet-list/', [200, [{ currency: 'USDT', balance: '100' }]]);
  api.on('GET /api/v3/depth', [200, book('59990', '60010')]);
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(forgetWalletCacheMemory);

describe('the Lever screen over the stream socket', () => {
  it('reads price and wallet once, then follows the pushes with no poll while the socket is live', async () => {
    renderLever();
    await vi.waitFor(() => expect(text('price')).toBe('60000'));
    await vi.waitFor(() => expect(text('balance')).toBe('100'));
    expect(socket.socket.streams()).toEqual(['btcusdt@ticker', WALLET_TOPIC]);
    socket.emit('btcusdt@ticker', { e: '24hrTicker', s: 'BTCUSDT', c: '62000', P: '3.3', h: '62500', l: '59000' });
    socket.emit(WALLET_TOPIC, { e: 'lever-wallet', balances: [{ currency: 'USDT', balance: '75.5' }] });
    expect(text('price')).toBe('62000');
    expect(text('high')).toBe('62500');
    expect(text('balance')).toBe('75.5');
    // Past the 3 s poll interval: still the one read of each.
    await wait(3_500);
    expect(tickerReads()).toBe(1);
    expect(walletReads()).toBe(1);
  }, 10_000);

  it('polls both every 3 s while the socket is down', async () => {
    fake.open = false;
    renderLever();
    await vi.waitFor(() => expect(text('balance')).toBe('100'));
    await vi.waitFor(
      () => {
        expect(tickerReads()).toBeGreaterThan(1);
        expect(walletReads()).toBeGreaterThan(1);
      },
      { timeout: 5_000 },
    );
  }, 10_000);

  it('polls the wallet again once the socket goes down after frames came', async () => {
    renderLever();
    await vi.waitFor(() => expect(text('balance')).toBe('100'));
    socket.emit(WALLET_TOPIC, { e: 'lever-wallet', balances: [{ currency: 'USDT', balance: '90' }] });
    await wait(3_500);
    expect(walletReads()).toBe(1);
    socket.status('closed');
    await vi.waitFor(() => expect(walletReads()).toBeGreaterThan(1), { timeout: 5_000 });
    await vi.waitFor(() => expect(tickerReads()).toBeGreaterThan(1), { timeout: 5_000 });
  }, 15_000);
});

describe('the order book over the stream socket', () => {
  it('reads the book once, then follows `<symbol>@depth5` with no poll while the socket is live', async () => {
    renderLever(<Book />);
    await vi.waitFor(() => expect(text('best-bid')).toBe('59990'));
    expect(socket.socket.streams()).toEqual(['btcusdt@depth5']);
    socket.emit('btcusdt@depth5', book('61990', '62010'));
    await vi.waitFor(() => expect([text('best-bid'), text('best-ask')]).toEqual(['61990', '62010']));
    // Not a book: ignored, the last one stays.
    socket.emit('btcusdt@depth5', { lastUpdateId: 2, bids: [['1']], asks: [] });
    await wait(3_500);
    expect(text('best-bid')).toBe('61990');
    expect(bookReads()).toBe(1);
  }, 10_000);

  it('polls the book every 3 s while the socket is down', async () => {
    fake.open = false;
    renderLever(<Book />);
    await vi.waitFor(() => expect(text('best-bid')).toBe('59990'));
    await vi.waitFor(() => expect(bookReads()).toBeGreaterThan(1), { timeout: 5_000 });
  }, 10_000);
});
