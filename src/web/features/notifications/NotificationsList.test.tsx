/**
 * The bell's list in the language picked (docs/decisions/0043-languages.md and "## Notifications",
 * docs/decisions/0044): each notification's title and body from its kind and params through the
 * catalogs, amounts with the language's decimal separator, the English it was stored with for a row
 * without params; and the server is told the language, so its mails follow.
 */
import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installFakeApi, logInAs, renderScreen, type FakeApi } from '../../../../tests/helpers/fake-web-api';
import type { NotificationItem, NotificationsPage } from '../../../shared/api/notifications';
import { NOTIFICATION_TEXT, notificationTarget } from '../../../shared/api/notifications';
import { NotificationsList } from './NotificationsList';
import { chooseLanguage } from '../../../../tests/helpers/web-language';

vi.mock('../../lib/sockets', () => ({
  userSocket: () => ({
    subscribe: () => () => {},
    streams: () => [],
    close() {},
    isOpen: () => false,
    onStatus: () => () => {},
  }),
}));

let nextId = 10;
/** A row as the server answers it: English title and body, and the params (shared NOTIFICATION_TEXT). */
const row = (kind: string, made: { title: string; body: string; params: Record<string, string> | null }) =>
  ({
    id: nextId--,
    kind,
    ...made,
    created_at: '2026-11-24T08:00:00.000Z',
    read: true,
  }) satisfies NotificationItem;

const trade = { id: 42, coin: 'BTC', tradeType: 'sell', hands: '0.5', price: '61234.5', profitLoss: '-120.25' };
const results = [
  row('deposit_approved', NOTIFICATION_TEXT.depositApproved({ amount: '120.5', currency: 'USDT', transactionId: 7 })),
  row('trade_liquidated', NOTIFICATION_TEXT.tradeLiquidated(trade)),
  row('chat_reply', NOTIFICATION_TEXT.chatReply('Your documents look fine.', '3f2b8c1e-4d5a-4b6c-8d7e-9f0a1b2c3d4e')),
  // Written before migration 0020: no params, shown as stored (translated when its English is a table's).
  row('bonus', { title: 'Old news', body: 'Stored before the languages.', params: null }),
];
const page: NotificationsPage = { unread: 0, count: results.length, next: null, results };

// The first switch loads Russian's chunk and the message codes, which a loaded machine takes seconds for.
vi.setConfig({ testTimeout: 30_000 });

let api: FakeApi;
beforeEach(() => {
  api = installFakeApi();
  api.on('GET /api-v1/notifications/', [200, page]);
  api.on('POST /api-v1/user/language/', (call) => [200, { message: 'Language saved', ...(call.body as object) }]);
  logInAs({ user_id: 7 });
});
afterEach(async () => {
  await chooseLanguage('en');
  cleanup();
  localStorage.clear();
});

const show = () => renderScreen(<NotificationsList onOpenBonusSchedule={() => {}} />, { path: '/home' });

describe('the notifications list in Russian', () => {
  it('shows each title and body in Russian from kind and params, numbers with a comma', async () => {
    await chooseLanguage('ru');
    show();
    expect(await screen.findByRole('heading', { name: 'Депозит одобрен' })).toBeTruthy();
    expect(screen.getByText('Ваш депозит 120,5 USDT зачислен на ваш кошелёк пополнения.')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Позиция ликвидирована' })).toBeTruthy();
    expect(
      // Russian groups thousands with a no-break space, which the matcher reads as white space
      // (docs/decisions/0066-number-display.md).
      screen.getByText(
        /^Ваш шорт по BTC на 0,5 BTC \(№42\) ликвидирован по цене 61\s234,5 USDT\. Убыток: -120,25 USDT\.$/,
      ),
    ).toBeTruthy();
    // Staff's own words are never translated; the list's own texts are.
    expect(screen.getByRole('heading', { name: 'Ответ поддержки' })).toBeTruthy();
    expect(screen.getByText('Your documents look fine.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Таблица бонусов' })).toBeTruthy();
    // Nothing of the stored English is left but the row that has no params.
    expect(screen.queryByText(/Deposit approved|Your deposit|liquidated|Support replied|Bonus schedule/)).toBeNull();
    expect(screen.getByRole('heading', { name: 'Old news' })).toBeTruthy();
  });

  it('shows the stored English in English', async () => {
    show();
    expect(await screen.findByRole('heading', { name: 'Deposit approved' })).toBeTruthy();
    expect(screen.getByText('Your deposit of 120.5 USDT has been credited to your funding wallet.')).toBeTruthy();
    expect(
      screen.getByText('Your BTC short of 0.5 BTC (#42) was liquidated at 61234.5 USDT. Loss: -120.25 USDT.'),
    ).toBeTruthy();
  });

  it('tells the server the language picked while signed in, once per choice', async () => {
    // A session of its own (the list tells the server once a session and language).
    localStorage.setItem('token', `${localStorage.getItem('token')}-another-session`);
    show();
    await screen.findByRole('heading', { name: 'Deposit approved' });
    await chooseLanguage('ru');
    await screen.findByRole('heading', { name: 'Депозит одобрен' });
    await vi.waitFor(() =>
      expect(api.callsTo('POST /api-v1/user/language/').map((c) => c.body)).toEqual([
        { language: 'en' },
        { language: 'ru' },
      ]),
    );
  });
});

describe('each notification opens what it is about (docs/decisions/0062-money-screens.md, 0068)', () => {
  const CHAT = '3f2b8c1e-4d5a-4b6c-8d7e-9f0a1b2c3d4e';
  /** A row with the target the server computes from its kind and params (notifications/service.ts). */
  const linked = (kind: string, made: { title: string; body: string; params: Record<string, string> | null }) => ({
    ...row(kind, made),
    target: notificationTarget(kind, made.params),
  });
  const decision = { amount: '120.5', currency: 'USDT', transactionId: 7 };

  it('a deposit its record, a withdrawal its status, a position its record in Closed, a chat reply its chat', async () => {
    api.on('GET /api-v1/notifications/', [
      200,
      {
        unread: 0,
        count: 6,
        next: null,
        results: [
          linked('deposit_approved', NOTIFICATION_TEXT.depositApproved(decision)),
          linked('deposit_rejected', NOTIFICATION_TEXT.depositRejected({ ...decision, transactionId: 8 })),
          linked('withdrawal_rejected', NOTIFICATION_TEXT.withdrawalRejected({ ...decision, transactionId: 9 })),
          linked('trade_liquidated', NOTIFICATION_TEXT.tradeLiquidated(trade)),
          linked('chat_reply', NOTIFICATION_TEXT.chatReply('Your documents look fine.', CHAT)),
          linked('chat_reply', { title: 'Support replied', body: 'Stored before the chat was kept.', params: {} }),
        ],
      } satisfies NotificationsPage,
    ]);
    show();
    await screen.findByRole('heading', { name: 'Deposit approved' });
    const hrefs = screen.getAllByRole('link').map((a) => a.getAttribute('href'));
    expect(hrefs).toEqual([
      '/entrustment-history?record=7',
      '/entrustment-history?tab=revoked&record=8',
      '/withdrawal-status/9',
      '/entrustment-history?tab=closed&record=42',
      `/chat/${CHAT}`,
      // An older reply without its chat's id opens Support, which reopens the chat.
      '/support',
    ]);
  });
});
