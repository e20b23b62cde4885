/**
 * The staff console's Books view against a faked GET /api-v3/admin/books/ (docs/decisions/0018-house-books.md "Double-entry
 * books"): reached from the staff menu, per currency the customer liabilities, fee revenue, trading
 * P/L, insurance fund and money in transit, the total, and a clear balanced / NOT balanced state.
 */
import { fireEvent, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApiPerTest, renderScreen } from '../../../../../tests/helpers/fake-web-api';
import type { BooksReport } from '../../../../shared/api/admin';
import { i18n } from '../../../lib/i18n';
import { ThemeProvider } from '../../../lib/theme';
import { AdminConsolePage } from '../AdminConsolePage';
import { BOOKS_MSG as BOOKS_KEYS } from './BooksView';

/** The view's notices in English, as the catalog (src/web/locales/en/admin.json) gives them. */
const BOOKS_MSG = {
  balanced: i18n.t(BOOKS_KEYS.balanced),
  notBalanced: (currencies: string) => i18n.t(BOOKS_KEYS.notBalanced, { currencies }),
};

const api = fakeApiPerTest({ user_id: 1, is_admin: true });
beforeEach(() => {
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});

const house = (balances: Record<string, string>) =>
  ['deposits', 'withdrawals', 'margin', 'fees', 'trading', 'insurance'].map((name) => ({
    name,
    balance: balances[name] ?? '0',
  }));

/** A user deposited 1000 USDT, paid 3 + 3.0075 in fees and lost 15 on a trade; 50 sits in an open margin. */
const BALANCED: BooksReport = {
  balanced: true,
  currencies: [
    {
      currency: 'USDT',
      customer_balances: '928.9925',
      locked_bonuses: '0',
      house_accounts: house({ deposits: '-1000', margin: '50', fees: '6.0075', trading: '15' }),
      total: '0',
    },
    {
      currency: 'BTC',
      customer_balances: '0.5',
      locked_bonuses: '0',
      house_accounts: house({ deposits: '-0.5' }),
      total: '0',
    },
  ],
};

function show(url = '/admin/dashboard?view=books') {
  return renderScreen(<AdminConsolePage />, {
    path: '/admin/dashboard',
    url,
    previous: null,
    wrap: (router) => <ThemeProvider>{router}</ThemeProvider>,
  });
}

/** The value of `term` in a currency's card, as shown. */
async function valueOf(currency: string, term: string) {
  const books = await screen.findByLabelText(`${currency} books`);
  const dt = within(books)
    .getAllByRole('term')
    .find((t) => t.firstChild?.textContent === term);
  if (!dt) throw new Error(`no ${term} in ${currency}`);
  return dt.nextElementSibling!.textContent;
}

describe('the Books view', () => {
  it('is reached from the staff menu and reads the books', async () => {
    api.on('GET /api-v3/admin/books/', [200, BALANCED]);
    const { router } = show('/admin/dashboard?view=settings');
    fireEvent.click(screen.getByRole('button', { name: 'Open menu' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Books' }));
    expect(router.state.location.search).toBe('?view=books');
    expect(await screen.findByRole('heading', { level: 1, name: 'Books' })).toBeTruthy();
    expect(await screen.findByText(BOOKS_MSG.balanced)).toBeTruthy();
    expect(api.callsTo('GET /api-v3/admin/books/')).toHaveLength(1);
  });

  it('shows per currency the liabilities, fee revenue, trading P/L, insurance, money in transit and total', async () => {
    api.on('GET /api-v3/admin/books/', [200, BALANCED]);
    show();
    expect(await valueOf('USDT', 'Customer liabilities')).toBe('928.9925');
    expect(await valueOf('USDT', 'Fee revenue')).toBe('6.0075');
    expect(await valueOf('USDT', 'House trading P/L')).toBe('15.00');
    expect(await valueOf('USDT', 'Insurance fund')).toBe('0.00');
    expect(await valueOf('USDT', 'Deposits')).toBe('-1,000.00');
    expect(await valueOf('USDT', 'Withdrawals')).toBe('0.00');
    expect(await valueOf('USDT', 'Margin')).toBe('50.00');
    expect(await valueOf('USDT', 'Total')).toBe('0.00');
    expect(await valueOf('BTC', 'Customer liabilities')).toBe('0.50');
    expect(await valueOf('BTC', 'Deposits')).toBe('-0.50');
    expect(screen.getByRole('status').textContent).toBe(BOOKS_MSG.balanced);
    expect(screen.getAllByText('Balanced')).toHaveLength(2);
    expect(screen.queryByText('NOT balanced')).toBeNull();
  });

  it('says NOT balanced, and which currency, when a total is not 0', async () => {
    const [usdt, btc] = BALANCED.currencies;
    api.on('GET /api-v3/admin/books/', [
      200,
      {
        balanced: false,
        currencies: [{ ...usdt!, customer_balances: '929.0025', total: '0.01' }, btc!],
      } satisfies BooksReport,
    ]);
    show();
    expect((await screen.findByRole('alert')).textContent).toBe(BOOKS_MSG.notBalanced('USDT'));
    expect(await valueOf('USDT', 'Total')).toBe('0.01');
    const total = within(screen.getByLabelText('USDT books')).getByText('0.01');
    expect(total.className).toContain('text-down');
    const usdtCard = screen.getByRole('region', { name: 'USDT' });
    expect(within(usdtCard).getByText('NOT balanced')).toBeTruthy();
    expect(within(screen.getByRole('region', { name: 'BTC' })).getByText('Balanced')).toBeTruthy();
    expect(screen.queryByText(BOOKS_MSG.balanced)).toBeNull();
  });

  it('trusts a total over the flag: a non-zero total is NOT balanced even if the flag says otherwise', async () => {
    const [usdt] = BALANCED.currencies;
    api.on('GET /api-v3/admin/books/', [
      200,
      { balanced: true, currencies: [{ ...usdt!, total: '-0.00000001' }] } satisfies BooksReport,
    ]);
    show();
    expect((await screen.findByRole('alert')).textContent).toBe(BOOKS_MSG.notBalanced('USDT'));
    expect(await valueOf('USDT', 'Total')).toBe('-0.00000001');
  });

  it('shows the server’s reason when the books cannot be read, and retries', async () => {
    let calls = 0;
    api.on('GET /api-v3/admin/books/', () => (++calls === 1 ? [403, { error: 'Forbidden' }] : [200, BALANCED]));
    show();
    expect((await screen.findByRole('alert')).textContent).toBe('Forbidden');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText(BOOKS_MSG.balanced)).toBeTruthy();
  });
});
