/**
 * The Assets page's prices come from the market WebSocket's {symbol}@ticker streams as docs/product.md
 * section 7 says, not a 3 s poll (docs/decisions/0062-money-screens.md): one REST read for the first
 * numbers, then a pushed price moves the values and the total; the read repeats only while the socket is down.
 */
import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeSocket } from '../../../../tests/helpers/fake-socket';
import { fakeApiPerTest, renderScreen } from '../../../../tests/helpers/fake-web-api';
import { forgetWalletCacheMemory } from '../../lib/wallet-cache';
import { AssetsPage } from './AssetsPage';

const fake = vi.hoisted(() => ({ open: true, socket: null as unknown }));
vi.mock('../../lib/sockets', () => ({ marketSocket: () => fake.socket, userSocket: () => fake.socket }));

const api = fakeApiPerTest({ user_id: 7 });
let socket: ReturnType<typeof fakeSocket>;
beforeEach(() => {
  fake.open = true;
  socket = fakeSocket(fake);
  fake.socket = socket.socket;
  api.on('GET /api-v1/funding-wallet-list/', [
    200,
    [
      { currency: 'USDT', balance: '100' },
      { currency: 'BTC', balance: '0.01' },
    ],
  ]);
  api.on('GET /api/v3/ticker/price', [200, [{ symbol: 'BTCUSDT', price: '60000' }]]);
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(forgetWalletCacheMemory);

const total = () => screen.getByTestId('wallet-total').textContent;

describe('Assets prices by WebSocket', () => {
  it('reads REST once, subscribes the held coins, and a pushed price updates the values and the total', async () => {
    renderScreen(<AssetsPage />, { path: '/assets', url: '/assets' });
    await vi.waitFor(() => expect(total()).toBe('$700.00'));
    expect(socket.socket.streams()).toEqual(['btcusdt@ticker']);
    socket.emit('btcusdt@ticker', { e: '24hrTicker', s: 'BTCUSDT', c: '70000', P: '2.5' });
    await vi.waitFor(() => expect(total()).toBe('$800.00'));
    // No price poll while the socket is open: after the poll interval has passed, still the one read.
    await new Promise((resolve) => setTimeout(resolve, 3_500));
    expect(api.callsTo('GET /api/v3/ticker/price')).toHaveLength(1);
  }, 10_000);

  it('falls back to the 3 s read only while the socket is down', async () => {
    fake.open = false;
    renderScreen(<AssetsPage />, { path: '/assets', url: '/assets' });
    await vi.waitFor(() => expect(total()).toBe('$700.00'));
    await vi.waitFor(() => expect(api.callsTo('GET /api/v3/ticker/price').length).toBeGreaterThan(1), {
      timeout: 5_000,
    });
  }, 10_000);
});
