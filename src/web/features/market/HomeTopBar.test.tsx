/**
 * The Home bell (docs/decisions/0034-notifications.md): its badge is the real unread count (hidden at 0),
 * follows notifications@user.<id> while the socket is up, and polls only while it is not.
 */
import { act, cleanup, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApiPerTest, renderScreen } from '../../../../tests/helpers/fake-web-api';
import type { NotificationsPage } from '../../../shared/api/notifications';
import { USER_STREAMS } from '../../../shared/api/streams';
import type { MarketSocket, SocketStatus, StreamListener } from '../../lib/market-socket';
import { HomeTopBar } from './HomeTopBar';

const USER_ID = 42;
const TOPIC = USER_STREAMS.notifications(USER_ID);

const fake = vi.hoisted(() => {
  const listeners = new Map<string, Set<(data: unknown) => void>>();
  const statusListeners = new Set<(status: string) => void>();
  const state = { open: false };
  return { listeners, statusListeners, state };
});
vi.mock('../../lib/sockets', () => ({
  userSocket: (): MarketSocket => ({
    subscribe(stream: string, listener: StreamListener) {
      if (!fake.listeners.has(stream)) fake.listeners.set(stream, new Set());
      fake.listeners.get(stream)!.add(listener);
      return () => fake.listeners.get(stream)?.delete(listener);
    },
    streams: () => [...fake.listeners.keys()].filter((s) => fake.listeners.get(s)!.size > 0),
    close() {},
    isOpen: () => fake.state.open,
    onStatus(listener: (status: SocketStatus) => void) {
      fake.statusListeners.add(listener as (status: string) => void);
      return () => void fake.statusListeners.delete(listener as (status: string) => void);
    },
  }),
}));

const page = (unread: number): NotificationsPage => ({
  unread,
  count: unread,
  next: null,
  results: Array.from({ length: unread }, (_, i) => ({
    id: i + 1,
    kind: 'deposit_approved',
    title: 'Deposit approved',
    body: 'Your deposit of 100 USDT has been credited to your funding wallet.',
    params: { amount: '100', currency: 'USDT' },
    created_at: '2026-11-24T08:00:00.000Z',
    read: false,
  })),
});
const push = (data: unknown) => act(() => fake.listeners.get(TOPIC)?.forEach((l) => l(data)));
const setStatus = (status: SocketStatus) =>
  act(() => {
    fake.state.open = status === 'open';
    fake.statusListeners.forEach((l) => l(status));
  });
const bell = () => screen.getByRole('button', { name: /notifications/i });
const badge = () => screen.queryByTestId('notifications-badge');

const api = fakeApiPerTest({ user_id: USER_ID });
const polls = () => api.callsTo('GET /api-v1/notifications/').length;

function renderBar() {
  renderScreen(<HomeTopBar drawerOpen={false} onOpenMenu={() => {}} onOpenNotifications={() => {}} />, {
    path: '/home',
    previous: null,
  });
}

beforeEach(() => {
  fake.listeners.clear();
  fake.statusListeners.clear();
  fake.state.open = false;
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});

describe('the Home bell', () => {
  it('shows the unread count from the server, and no badge at 0', async () => {
    api.on('GET /api-v1/notifications/', [200, page(3)]);
    renderBar();
    await vi.waitFor(() => expect(badge()?.textContent).toBe('3'));
    expect(bell().getAttribute('aria-label')).toBe('Notifications, 3 new');

    cleanup();
    api.on('GET /api-v1/notifications/', [200, page(0)]);
    renderBar();
    await vi.waitFor(() => expect(polls()).toBe(2));
    await act(() => Promise.resolve());
    expect(badge()).toBeNull();
    expect(bell().getAttribute('aria-label')).toBe('Notifications');
  });

  it('follows the push: a new notification shows at once, a read one hides the badge', async () => {
    api.on('GET /api-v1/notifications/', [200, page(0)]);
    renderBar();
    expect(fake.listeners.get(TOPIC)?.size).toBe(1);
    await vi.waitFor(() => expect(polls()).toBe(1));
    setStatus('open');
    push({ e: 'notifications', ...page(1) });
    expect(badge()?.textContent).toBe('1');
    push({ e: 'notifications', ...page(120) });
    expect(badge()?.textContent).toBe('99+');
    push({ e: 'notifications', ...page(0) });
    expect(badge()).toBeNull();
    // An unreadable frame changes nothing.
    push({ e: 'notifications', unread: 'lots' });
    expect(badge()).toBeNull();
  });

  it('polls once a minute while the push is not live, never while it is', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    api.on('GET /api-v1/notifications/', [200, page(2)]);
    renderBar();
    await vi.waitFor(() => expect(polls()).toBe(1));
    await act(() => vi.advanceTimersByTimeAsync(61_000));
    expect(polls()).toBe(2);

    setStatus('open');
    push({ e: 'notifications', ...page(2) });
    await act(() => vi.advanceTimersByTimeAsync(3 * 61_000));
    expect(polls()).toBe(2);

    setStatus('closed');
    await act(() => vi.advanceTimersByTimeAsync(61_000));
    expect(polls()).toBe(3);
  });
});
