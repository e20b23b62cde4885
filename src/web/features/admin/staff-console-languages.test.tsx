/**
 * The staff console in a language other than English (docs/decisions/0043-languages.md): the views' own texts
 * come from admin.json, the status words and wallet names are translated, the server's table messages
 * by their code, amounts keep every digit with the language's decimal separator, and counts take the
 * language's plural form. English is what the other tests of this folder read.
 */
import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installFakeApi, logInAs, renderScreen, type FakeApi } from '../../../../tests/helpers/fake-web-api';
import type { AdminUserDetail, AdminUsersPage } from '../../../shared/api/admin';
import { ThemeProvider } from '../../lib/theme';
import { AdminConsolePage } from './AdminConsolePage';
import { backToEnglish, chooseLanguage } from '../../../../tests/helpers/web-language';

const DETAIL: AdminUserDetail = {
  profile: {
    user_id: 7,
    email: 'rita@example.com',
    first_name: 'Rita',
    last_name: 'Rich',
    uniqueid: '100007',
    is_admin: false,
    is_verified: 'pending',
    has_transaction_password: true,
    promotion_code: 'RITA7',
    referred_by: null,
    created_at: '2026-03-01T14:05:00Z',
  },
  wallets: {
    funding: [{ currency: 'USDT', balance: '0' }],
    lever: [{ currency: 'USDT', balance: '1234.5' }],
    legal: [],
    second: [],
  },
  trades: [
    {
      trade_id: 1,
      coin: 'BTC',
      trade_type: 'sell',
      order_type: 'market',
      status: 'liquidated',
      hands: '2',
      leverage: 10,
      margin: '100',
      limit_price: null,
      entry_price: '65000.5',
      close_price: '71000',
      profit_loss: '-100',
      created_at: '2026-03-02T09:00:00Z',
      opened_at: '2026-03-02T09:00:00Z',
      closed_at: '2026-03-02T10:00:00Z',
    },
  ],
  transactions: [],
};

const page = (total: number): AdminUsersPage => ({
  items: [
    {
      user_id: 7,
      email: 'rita@example.com',
      name: 'Rita Rich',
      uniqueid: '100007',
      is_verified: 'verified',
      is_admin: true,
      created_at: '2026-03-01T14:05:00Z',
    },
  ],
  total,
  page: 1,
  page_size: 20,
});

let api: FakeApi;
beforeEach(() => {
  api = installFakeApi();
  logInAs({ user_id: 1, is_admin: true });
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(backToEnglish);

const show = (url: string) =>
  renderScreen(<AdminConsolePage />, {
    path: '/admin/dashboard',
    url,
    previous: null,
    wrap: (router) => <ThemeProvider>{router}</ThemeProvider>,
  });

describe('the staff console in German', () => {
  it("shows a user's detail in German: labels, status words, wallet names, and 1234,5 for 1234.5", async () => {
    api.on('GET /api-v3/admin/users/7/', [200, DETAIL]);
    await chooseLanguage('de');
    show('/admin/dashboard?view=users&user=7');

    expect(await screen.findByRole('heading', { level: 2, name: 'Rita Rich' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Nutzer' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Alle Nutzer' })).toBeTruthy();
    expect(screen.getByText('Transaktionspasswort')).toBeTruthy();
    expect(screen.getByText('In Prüfung')).toBeTruthy(); // the verification badge
    expect(screen.getByRole('heading', { name: 'Hebelkonto' })).toBeTruthy();
    expect(screen.getByText('1.234,5')).toBeTruthy();
    expect(screen.getByText(/2 Lots zu 65.000,5/)).toBeTruthy();
    expect(screen.getByText(/Verkaufen \(Short\)/)).toBeTruthy();
    expect(screen.getByText('liquidiert')).toBeTruthy();

    const page = document.body.textContent ?? '';
    for (const english of [
      'All users',
      'Transaction password',
      'Under Review',
      'Leverage Account',
      'Sell (short)',
      'liquidated',
      'hands',
      '1234.5',
      '65000.5',
    ])
      expect(page, english).not.toContain(english);
  });
});

describe('the staff console in Russian', () => {
  it('counts users with the right plural form and shows the empty list in Russian', async () => {
    api.on('GET /api-v3/admin/users/', [200, page(22)]);
    await chooseLanguage('ru');
    show('/admin/dashboard?view=users');

    expect(await screen.findByText('22 пользователя')).toBeTruthy(); // few, not many ('пользователей')
    expect(screen.getByLabelText('Поиск пользователей')).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Журнал аудита' })).toBeTruthy();
    expect(screen.getByText('Сотрудник')).toBeTruthy(); // the staff badge
    expect(screen.queryByText('22 users')).toBeNull();
    expect(screen.queryByLabelText('Search users')).toBeNull();
  });

  it("shows the server's table message (no users) in Russian", async () => {
    api.on('GET /api-v3/admin/users/', [200, { ...page(0), items: [] }]);
    await chooseLanguage('ru');
    show('/admin/dashboard?view=users');

    expect(await screen.findByText('Пользователи не найдены')).toBeTruthy();
    expect(screen.queryByText('No users found')).toBeNull();
  });
});
