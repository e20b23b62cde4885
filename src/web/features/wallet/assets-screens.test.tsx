/** /assets and /asset/{walletType}/{currency} against a faked API (docs/product.md 2 "Assets", 4, 8). */
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MSG } from '../../../shared/messages';
import { installFakeApi, logInAs, renderScreen, type FakeApi } from '../../../../tests/helpers/fake-web-api';
import { forgetWalletCacheMemory, writeWalletCache } from '../../lib/wallet-cache';
import { AssetDetailPage } from './AssetDetailPage';
import { AssetsPage } from './AssetsPage';

let api: FakeApi;
const funding = [
  { currency: 'USDT', balance: '1150.5' },
  { currency: 'BTC', balance: '0.01' },
  { currency: 'ETH', balance: '0' },
  { currency: 'USDO', balance: '10' },
];

beforeEach(() => {
  api = installFakeApi();
  logInAs({ user_id: 7 });
  api.on('GET /api-v1/funding-wallet-list/', [200, funding]);
  api.on('GET /api/v3/ticker/price', [
    200,
    [
      { symbol: 'BTCUSDT', price: '60000.50000000' },
      { symbol: 'ETHUSDT', price: '3000.00000000' },
    ],
  ]);
  api.on('GET /api-v1/default-currency/', [200, { currency: 'USDO', price: '2' }]);
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  localStorage.clear();
  forgetWalletCacheMemory();
});

const showAssets = (url = '/assets') => renderScreen(<AssetsPage />, { path: '/assets', url });
const rowOf = (currency: string) => screen.getByRole('link', { name: new RegExp(`^${currency}\\b`) });
const total = () => screen.getByTestId('wallet-total').textContent;

describe('assets overview', () => {
  it('shows the four wallet tabs with Exchange selected', async () => {
    showAssets();
    const tabs = screen.getAllByRole('tab');
    expect(tabs.map((t) => t.textContent)).toEqual(['Exchange', 'lever', 'legal currency', 'Second']);
    expect(screen.getByRole('tab', { name: 'Exchange' }).getAttribute('aria-selected')).toBe('true');
    await screen.findByText('Funding Account');
  });

  it('lists currency, balance and USD value (USDT at 1, USDO at its own price), with the total', async () => {
    showAssets();
    await screen.findByText('$600.01');
    expect(rowOf('USDT').textContent).toContain('1,150.5');
    expect(rowOf('USDT').textContent).toContain('$1,150.50');
    expect(rowOf('BTC').textContent).toContain('0.01');
    expect(rowOf('ETH').textContent).toContain('$0.00');
    expect(rowOf('USDO').textContent).toContain('$20.00');
    expect(total()).toBe('$1,770.51');
    const [ticker] = api.callsTo('GET /api/v3/ticker/price');
    expect(JSON.parse(ticker!.query.get('symbols')!)).toEqual(['BTCUSDT', 'ETHUSDT']);
    expect(ticker!.headers.Authorization).toBeUndefined();
  });

  it('opens /asset/{walletType}/{currency} from a row', async () => {
    api.on('GET /api-v1/lever-wallet-list/', [200, [{ currency: 'USDT', balance: '80' }]]);
    showAssets('/assets?wallet=lever');
    expect((await screen.findByRole('link', { name: /^USDT/ })).getAttribute('href')).toBe('/asset/lever/USDT');
    expect(screen.getByText('Leverage Account')).toBeTruthy();
  });

  it('switches wallets with the tabs and keeps the choice in the address', async () => {
    api.on('GET /api-v1/second-wallet-list/', [200, [{ currency: 'USDT', balance: '3' }]]);
    const { router } = showAssets();
    await screen.findByText('$600.01');
    fireEvent.click(screen.getByRole('tab', { name: 'Second' }));
    await screen.findByText('Contract Account');
    expect(router.state.location.search).toBe('?wallet=second');
    expect(await screen.findByText('$3.00', { selector: '[data-testid=wallet-total]' })).toBeTruthy();
  });

  it('hides and shows the totals and balances with the eye', async () => {
    showAssets();
    await screen.findByText('$600.01');
    fireEvent.click(screen.getByRole('button', { name: 'Hide balances' }));
    expect(total()).toBe('******');
    expect(rowOf('USDT').textContent).not.toContain('1,150.5');
    fireEvent.click(screen.getByRole('button', { name: 'Show balances' }));
    expect(total()).toBe('$1,770.51');
  });

  it('without market prices shows balances, -- for unpriced values, and totals the known ones', async () => {
    api.on('GET /api/v3/ticker/price', [404, { error: 'Not found' }]);
    showAssets();
    await screen.findByText('$20.00');
    await screen.findByText(/Some prices are unavailable/);
    expect(rowOf('BTC').textContent).toContain('0.01');
    expect(rowOf('BTC').textContent).toContain('--');
    expect(total()).toBe('$1,170.50');
    expect(console.warn).toHaveBeenCalled();
  });

  it('prices coins one by one when the exchange refuses the list for an unknown symbol', async () => {
    api.on('GET /api-v1/funding-wallet-list/', [
      200,
      [
        { currency: 'BTC', balance: '0.01' },
        { currency: 'XYZ', balance: '5' },
      ],
    ]);
    api.on('GET /api/v3/ticker/price', ({ query }) => {
      if (query.get('symbols')) return [400, { code: -1121, msg: 'Invalid symbol.' }];
      return query.get('symbol') === 'BTCUSDT'
        ? [200, { symbol: 'BTCUSDT', price: '60000.00000000' }]
        : [400, { code: -1121, msg: 'Invalid symbol.' }];
    });
    showAssets();
    await vi.waitFor(() => expect(rowOf('BTC').textContent).toContain('$600.00'));
    expect(rowOf('XYZ').textContent).toContain('--');
    expect(total()).toBe('$600.00');
  });

  it("shows 'No assets found' with a zero total when the wallet list fails", async () => {
    api.on('GET /api-v1/funding-wallet-list/', [500, { error: 'boom' }]);
    showAssets();
    await screen.findByText(MSG.noAssets);
    expect(total()).toBe('$0.00');
  });

  it('shows the cached list at once, then the fresh one, and caches that', async () => {
    writeWalletCache(7, 'funding', [{ currency: 'USDT', balance: '42' }]);
    forgetWalletCacheMemory();
    let answer: (value: readonly [number, unknown]) => void = () => undefined;
    api.on('GET /api-v1/funding-wallet-list/', () => new Promise((resolve) => (answer = resolve)));
    showAssets();
    expect(rowOf('USDT').textContent).toContain('42');
    await vi.waitFor(() => expect(api.callsTo('GET /api-v1/funding-wallet-list/')).toHaveLength(1));
    answer([200, [{ currency: 'USDT', balance: '43' }]]);
    await vi.waitFor(() => expect(rowOf('USDT').textContent).toContain('43'));
    expect(JSON.parse(localStorage.getItem('walletCache')!).wallets.funding.list).toEqual([
      { currency: 'USDT', balance: '43' },
    ]);
  });
});

const showDetail = (url: string) => renderScreen(<AssetDetailPage />, { path: '/asset/:walletType/:currency', url });

const history = [
  {
    transaction_id: 3,
    type: 'transfer',
    amount: '100',
    currency: 'USDT',
    status: 'successful',
    transfer_from: 'funding',
    transfer_to: 'lever',
    created_at: '2025-03-01T10:00:00.000Z',
    fee: '0',
    arrival_amount: null,
    usdt_value: null,
    address: null,
    decided_at: '2025-03-01T10:00:00.000Z',
    network: null,
    cancelled_by: null,
  },
  {
    transaction_id: 2,
    type: 'deposit',
    amount: '500',
    currency: 'USDT',
    status: 'pending',
    transfer_from: null,
    transfer_to: 'funding',
    created_at: '2025-03-01T09:00:00.000Z',
    fee: '0',
    arrival_amount: null,
    usdt_value: null,
    address: 'TXsender',
    decided_at: null,
    network: null,
    cancelled_by: null,
  },
  {
    transaction_id: 1,
    type: 'transfer',
    amount: '0.5',
    currency: 'BTC',
    status: 'successful',
    transfer_from: 'funding',
    transfer_to: 'second',
    created_at: '2025-02-01T09:00:00.000Z',
    fee: '0',
    arrival_amount: null,
    usdt_value: null,
    address: null,
    decided_at: null,
    network: null,
    cancelled_by: null,
  },
];

describe('asset detail', () => {
  beforeEach(() => api.on('GET /api-v1/transcations-history/', [200, history]));

  it("shows the balance and this wallet's record for the currency, with deposit, withdrawal and transfer", async () => {
    showDetail('/asset/funding/usdt');
    expect((await screen.findByTestId('asset-balance')).textContent).toBe('1,150.5 USDT');
    const record = await screen.findByRole('list');
    expect(within(record).getAllByRole('listitem')).toHaveLength(2);
    expect(record.textContent).toContain('-100');
    expect(record.textContent).toContain('Funding Account → Leverage Account');
    expect(record.textContent).toContain('Pending');
    const actions = screen.getByRole('navigation', { name: 'Actions' });
    expect(
      within(actions)
        .getAllByRole('link')
        .map((a) => [a.textContent, a.getAttribute('href')]),
    ).toEqual([
      ['Deposit', '/deposit'],
      ['Withdraw', '/withdrawal/USDT'],
      ['Transfer', '/transfer/USDT?from=funding'],
    ]);
  });

  it('offers only Transfer outside the funding wallet', async () => {
    api.on('GET /api-v1/lever-wallet-list/', [200, [{ currency: 'USDT', balance: '100' }]]);
    showDetail('/asset/lever/USDT');
    await screen.findByTestId('asset-balance');
    const actions = screen.getByRole('navigation', { name: 'Actions' });
    expect(
      within(actions)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['Transfer']);
    expect(await screen.findByText('+100')).toBeTruthy();
  });

  it("says 'no record' when the wallet has no transactions in the currency", async () => {
    showDetail('/asset/funding/ETH');
    await screen.findByText(MSG.noRecord);
  });

  it("says 'Failed to fetch transaction history' when the record cannot load", async () => {
    api.on('GET /api-v1/transcations-history/', [500, {}]);
    showDetail('/asset/funding/USDT');
    await screen.findByText(MSG.fetchTransactionHistoryFailed);
    expect(screen.getByTestId('asset-balance')).toBeTruthy();
  });

  it("says 'Invalid wallet type' for an unknown wallet", async () => {
    showDetail('/asset/savings/USDT');
    expect((await screen.findByRole('alert')).textContent).toBe(MSG.invalidWalletType);
    expect(api.calls).toEqual([]);
  });

  it("says 'Asset not found' for a currency the wallet does not list", async () => {
    showDetail('/asset/funding/DOGE');
    expect((await screen.findByRole('alert')).textContent).toBe(MSG.assetNotFound);
  });

  it("says 'No asset data found' when the wallet lists nothing", async () => {
    api.on('GET /api-v1/funding-wallet-list/', [200, []]);
    showDetail('/asset/funding/USDT');
    expect((await screen.findByRole('alert')).textContent).toBe(MSG.noAssetData);
  });

  it("says 'Error fetching balance' when the balance cannot load", async () => {
    api.on('GET /api-v1/funding-wallet-list/', [500, {}]);
    showDetail('/asset/funding/USDT');
    expect((await screen.findByRole('alert')).textContent).toBe(MSG.fetchBalanceFailed);
  });
});
