/**
 * The Lever screen's open orders (useLeverPositions, what LeverPage shows): pushed over the user's
 * socket, and GET /api-v1/get-active-trades/ polled every second (docs/product.md 7) only while the
 * push is not live: socket down, or up without a positions frame yet, or its login refused.
 */
import { act, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeSocket } from '../../../../../tests/helpers/fake-socket';
import { fakeApiPerTest, renderScreen } from '../../../../../tests/helpers/fake-web-api';
import { USER_STREAMS } from '../../../../shared/api/streams';
import type { MarketSocket } from '../../../lib/market-socket';
import type { TradeItem } from '../../../../shared/api/trade';
import { OpenOrders } from '../OpenOrders';
import { useLeverPositions } from './active-trades';
import { tradeItem } from '../../../../../tests/helpers/trade-item';

const USER_ID = 42;
const TOPIC = USER_STREAMS.positions(USER_ID);

/** The user's socket with this user's positions stream: `push` sends a positions frame, `send` any frame. */
function positionsSocket() {
  const { socket, emit, status } = fakeSocket();
  const send = (data: unknown) => emit(TOPIC, data);
  const push = (trades: TradeItem[]) => send({ e: 'positions', trades });
  return { socket, status, push, send };
}

const trade = (profitLoss: string, currentPrice: string) =>
  tradeItem({ profit_loss_decimal: profitLoss, current_price: currentPrice, open_fee: '0' });

const api = fakeApiPerTest({ user_id: USER_ID });
const polls = () => api.callsTo('GET /api-v1/get-active-trades/').length;
const wait = (ms: number) => act(() => new Promise((resolve) => setTimeout(resolve, ms)));
/** The P/L of the one row, as the open orders show it. */
const profitLoss = () => screen.getByRole('listitem').textContent;

function Positions({ socket }: { socket: MarketSocket }) {
  const { trades } = useLeverPositions(socket);
  return <OpenOrders trades={trades.data} loading={trades.isPending} />;
}

beforeEach(() => {
  api.on('GET /api-v1/get-active-trades/', [200, [trade('10', '60100')]]);
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});

describe('the Lever screen follows the positions stream', () => {
  it('shows pushed P/L and stops polling while the push is live; polls again once the socket is down', async () => {
    const { socket, status, push } = positionsSocket();
    renderScreen(<Positions socket={socket} />, { path: '/lever', previous: null });
    expect(socket.streams()).toEqual([TOPIC]);
    await vi.waitFor(() => expect(profitLoss()).toContain('+10.00'));

    // Socket down: the 1 s poll runs.
    const before = polls();
    await wait(2_300);
    expect(polls()).toBeGreaterThanOrEqual(before + 2);

    // Up, but nothing pushed yet: still polling.
    status('open');
    let mark = polls();
    await wait(1_300);
    expect(polls()).toBeGreaterThan(mark);

    // The first frame: the list is the pushed one and the poll stops.
    push([trade('25.5', '60255')]);
    expect(profitLoss()).toContain('+25.50');
    mark = polls();
    push([trade('-4', '59960')]);
    await wait(2_300);
    expect(polls()).toBe(mark);
    expect(profitLoss()).toContain('-4.00');

    // The socket drops: polling is back at once, until frames come again.
    status('closed');
    await wait(1_300);
    expect(polls()).toBeGreaterThan(mark);
    await vi.waitFor(() => expect(profitLoss()).toContain('+10.00'));
  }, 15_000);

  it('polls when the server ends the login (401), though the socket stays open', async () => {
    const { socket, status, push } = positionsSocket();
    renderScreen(<Positions socket={socket} />, { path: '/lever', previous: null });
    status('open');
    push([trade('25.5', '60255')]);
    await wait(1_300);
    const mark = polls();
    status('unauthorized');
    await wait(1_300);
    expect(polls()).toBeGreaterThan(mark);
  }, 10_000);

  it('ignores a frame that is not a positions list', async () => {
    const { socket, status, send } = positionsSocket();
    renderScreen(<Positions socket={socket} />, { path: '/lever', previous: null });
    await vi.waitFor(() => expect(profitLoss()).toContain('+10.00'));
    status('open');
    // A malformed frame neither replaces the list nor turns the poll off.
    send({ e: 'positions', trades: [{ trade_id: 'x' }] });
    expect(profitLoss()).toContain('+10.00');
    const mark = polls();
    await wait(1_300);
    expect(polls()).toBeGreaterThan(mark);
  }, 10_000);
});
