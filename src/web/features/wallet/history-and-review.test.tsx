/** /entrustment-history and the staff's Pending Transactions against a faked API (docs/product.md 2, 4, 8). */
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { MSG } from '../../../shared/messages';
import { fakeApiPerTest, logInAs, renderScreen } from '../../../../tests/helpers/fake-web-api';
import { PENDING_TRANSACTIONS_KEY, UNVERIFIED_USERS_KEY } from '../../lib/query-keys';
import { EntrustmentHistoryPage } from './EntrustmentHistoryPage';
import { PendingTransactionsPanel } from './PendingTransactionsPanel';

const api = fakeApiPerTest({ user_id: 7 });

const withdrawal = {
  transaction_id: 5,
  type: 'withdrawal',
  amount: '100',
  currency: 'USDT',
  status: 'cancel',
  transfer_from: 'funding',
  transfer_to: null,
  created_at: '2025-03-01T10:00:00.000Z',
  fee: '1',
  arrival_amount: '99',
  usdt_value: '100',
  address: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
  decided_at: '2025-03-01T11:00:00.000Z',
  network: 'TRC20',
  cancelled_by: 'staff',
};

describe('history', () => {
  const show = (url = '/entrustment-history') =>
    renderScreen(<EntrustmentHistoryPage />, { path: '/entrustment-history', url });

  it('opens on transaction (successful), and maps entrustment to pending and revoked to cancel', async () => {
    api.on('GET /api-v1/transcations-history/', [200, []]);
    show();
    const tabs = screen.getAllByRole('tab');
    expect(tabs.map((t) => t.textContent)).toEqual(['entrustment', 'transaction', 'Closed', 'revoked']);
    expect(screen.getByRole('tab', { name: 'transaction' }).getAttribute('aria-selected')).toBe('true');
    await screen.findByText(MSG.noRecord);
    fireEvent.click(screen.getByRole('tab', { name: 'entrustment' }));
    await vi.waitFor(() => expect(api.callsTo('GET /api-v1/transcations-history/')).toHaveLength(2));
    fireEvent.click(screen.getByRole('tab', { name: 'revoked' }));
    await vi.waitFor(() => expect(api.callsTo('GET /api-v1/transcations-history/')).toHaveLength(3));
    const statuses = api.callsTo('GET /api-v1/transcations-history/').map((c) => c.query.get('status'));
    expect(statuses).toEqual(['successful', 'pending', 'cancel']);
  });

  it('lists the transactions of the tab', async () => {
    api.on('GET /api-v1/transcations-history/', [200, [withdrawal]]);
    show('/entrustment-history?tab=revoked');
    const item = await screen.findByRole('listitem');
    expect(item.textContent).toContain('Withdrawal');
    expect(item.textContent).toContain('To TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t');
    expect(item.textContent).toContain('TRC20 · Fee 1 · Arrival 99');
    // Staff's Reject of a withdrawal reads "Rejected" (docs/decisions/0062-money-screens.md), with its reason when given.
    expect(item.textContent).toContain('Rejected');
    expect(item.textContent).not.toContain('Cancelled');
    expect(within(item).getByRole('link', { name: 'Status' }).getAttribute('href')).toBe('/withdrawal-status/5');
    // A decided withdrawal cannot be cancelled again.
    expect(within(item).queryByRole('button', { name: 'Cancel withdrawal' })).toBeNull();
  });

  it("shows staff's reason of a Reject", async () => {
    api.on('GET /api-v1/transcations-history/', [200, [{ ...withdrawal, reject_reason: 'Wrong network' }]]);
    show('/entrustment-history?tab=revoked');
    expect((await screen.findByRole('listitem')).textContent).toContain('Reason: Wrong network');
  });

  it('says when the owner cancelled it themselves', async () => {
    api.on('GET /api-v1/transcations-history/', [200, [{ ...withdrawal, cancelled_by: 'owner' }]]);
    show('/entrustment-history?tab=revoked');
    expect((await screen.findByRole('listitem')).textContent).toContain('Cancelled by you');
  });

  it('cancels a pending withdrawal only after the sheet is confirmed, with an Idempotency-Key', async () => {
    const pendingOne = { ...withdrawal, status: 'pending', cancelled_by: null, decided_at: null };
    api.on('GET /api-v1/transcations-history/', [200, [pendingOne]]);
    api.on('POST /api-v1/withdraw/cancel/', [
      200,
      { message: 'cancelled', transaction: { ...pendingOne, status: 'cancel', cancelled_by: 'owner' } },
    ]);
    show('/entrustment-history?tab=entrustment');
    const item = await screen.findByRole('listitem');
    fireEvent.click(within(item).getByRole('button', { name: 'Cancel withdrawal' }));
    const sheet = screen.getByRole('dialog', { name: 'Cancel this withdrawal?' });
    expect(sheet.textContent).toContain('100 USDT');
    expect(sheet.textContent).toContain('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t');
    // Keeping it sends nothing.
    fireEvent.click(within(sheet).getByRole('button', { name: 'Keep it' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(api.callsTo('POST /api-v1/withdraw/cancel/')).toHaveLength(0);
    fireEvent.click(within(item).getByRole('button', { name: 'Cancel withdrawal' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Yes, cancel' }));
    await vi.waitFor(() => expect(api.callsTo('POST /api-v1/withdraw/cancel/')).toHaveLength(1));
    const [call] = api.callsTo('POST /api-v1/withdraw/cancel/');
    expect(call!.body).toEqual({ transaction_id: 5 });
    expect(call!.headers['Idempotency-Key']).toMatch(/^[0-9a-f-]{36}$/);
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('opens the record a notification names: marked, scrolled to, with its network and hash (docs/decisions/0068)', async () => {
    const scrolled: Element[] = [];
    vi.spyOn(Element.prototype, 'scrollIntoView').mockImplementation(function (this: Element) {
      scrolled.push(this);
    });
    const deposit = (id: number) => ({
      ...withdrawal,
      transaction_id: id,
      type: 'deposit',
      status: 'successful',
      transfer_from: null,
      transfer_to: 'funding',
      fee: '0',
      arrival_amount: null,
      cancelled_by: null,
      network: 'TRC20',
      tx_hash: 'ab'.repeat(32),
    });
    api.on('GET /api-v1/transcations-history/', [200, [deposit(8), deposit(7), deposit(6)]]);
    show('/entrustment-history?record=7');
    await screen.findAllByRole('listitem');
    const opened = screen.getAllByRole('listitem').filter((li) => li.getAttribute('aria-current') === 'true');
    expect(opened).toHaveLength(1);
    expect(opened[0]!.textContent).toContain('From TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t');
    expect(opened[0]!.textContent).toContain('NetworkTRC20');
    expect(opened[0]!.textContent).toContain(`Transaction hash${'ab'.repeat(32)}`);
    expect(scrolled).toEqual([opened[0]]);
    // The others stay closed: no network or hash lines.
    expect(screen.getAllByText('Network')).toHaveLength(1);
  });

  it('opens the closed position a notification names in the Closed tab', async () => {
    vi.spyOn(Element.prototype, 'scrollIntoView').mockImplementation(() => {});
    const trade = (trade_id: number) => ({
      trade_id,
      coin: 'BTC',
      prfit_loss: '-12.345',
      starting_price: '60000',
      trading_balance: '600',
      closed_balanec: '587.655',
      history: [],
      created_at: '2025-03-01T10:00:00.000Z',
      closed_at: '2025-03-01T10:02:00.000Z',
      trade_type: 'buy',
      hands: '1',
      status: 'liquidated',
      close_price: '59987.655',
      leverage: 100,
      order_type: 'market',
      open_fee: '30',
      close_fee: '29.9938275',
      close_reason: null,
      fee: '59.9938275',
      realized_profit_loss: '-42.345',
      take_profit: null,
      stop_loss: null,
      parent_trade_id: null,
    });
    api.on('GET /api-v1/trade-history/', [200, [trade(43), trade(42)]]);
    show('/entrustment-history?tab=closed&record=42');
    await screen.findAllByRole('listitem');
    const items = screen.getAllByRole('listitem');
    expect(items.map((li) => li.getAttribute('aria-current'))).toEqual([null, 'true']);
    expect(Element.prototype.scrollIntoView).toHaveBeenCalledTimes(1);
  });

  it("says 'Failed to fetch transaction history' when the list cannot load", async () => {
    api.on('GET /api-v1/transcations-history/', [500, { error: 'boom' }]);
    show();
    expect((await screen.findByRole('alert')).textContent).toBe(MSG.fetchTransactionHistoryFailed);
  });

  it('shows closed trades with their P/L, balances, fees and times (contract spellings prfit_loss, closed_balanec)', async () => {
    api.on('GET /api-v1/trade-history/', [
      200,
      [
        {
          trade_id: 4,
          coin: 'BTC',
          prfit_loss: '-12.345',
          starting_price: '60000',
          trading_balance: '600',
          closed_balanec: '587.655',
          history: [
            { price_at_time: '60000', created_at: '2025-03-01T10:00:00.000Z' },
            { price_at_time: '59900', created_at: '2025-03-01T10:01:00.000Z' },
          ],
          created_at: '2025-03-01T10:00:00.000Z',
          closed_at: '2025-03-01T10:02:00.000Z',
          trade_type: 'buy',
          hands: '1',
          status: 'closed',
          close_price: '59987.655',
          leverage: 100,
          order_type: 'market',
          open_fee: '30',
          close_fee: '29.9938275',
          close_reason: 'take_profit',
          fee: '59.9938275',
          realized_profit_loss: '-42.345',
          take_profit: '59987.655',
          stop_loss: null,
          parent_trade_id: null,
        },
      ],
    ]);
    show('/entrustment-history?tab=closed');
    const item = await screen.findByRole('listitem');
    expect(item.textContent).toContain('BTC/USDT');
    expect(item.textContent).toContain('60,000.00');
    expect(item.textContent).toContain('587.66 USDT');
    // The trading fees of opening and closing together (docs/decisions/0018-house-books.md).
    expect(item.textContent).toContain('Fees59.99 USDT');
    expect(item.querySelector('svg path')).not.toBeNull();
    expect(item.textContent).not.toContain('Liquidated');
    // What closed it and the P/L after fees (docs/decisions/0025-trade-protection.md); only closed and liquidated trades are asked for.
    expect(item.textContent).toContain('Take-profit');
    // One meaning per number (docs/decisions/0061-trade-form.md): the headline is after fees and says so,
    // prfit_loss (before fees) is a line that says so.
    expect(screen.getByTestId('trade-headline-pl').textContent).toBe('-42.35 USDT');
    expect(item.textContent).toContain('-42.35 USDTafter fees');
    expect(item.textContent).toContain('P/L before fees-12.35 USDT');
    expect(api.callsTo('GET /api-v1/trade-history/')[0]!.query.get('status')).toBe('closed,liquidated');
  });

  it('lists resting limit orders under entrustment and revoked ones under revoked, beside the transactions', async () => {
    api.on('GET /api-v1/transcations-history/', [200, [withdrawal]]);
    api.on('GET /api-v1/get-active-trades/', [
      200,
      [
        {
          trade_id: 21,
          coin: 'BTC',
          pair: 'BTC/USDT',
          hands: '0.1',
          trade_type: 'buy',
          starting_price: '59000',
          profit_loss: 0,
          profit_loss_decimal: '0',
          is_closed: false,
          status: 'pending',
          leverage: 10,
          margin: '590',
          order_type: 'limit',
          limit_price: '59000',
          liquidation_price: '53366.83',
          open_fee: '2.95',
          close_fee: '0',
          current_price: '60000',
          price_stale: false,
          close_price: null,
          closed_balance: null,
          created_at: '2025-03-01T10:00:00.000Z',
          opened_at: null,
          closed_at: null,
          take_profit: null,
          stop_loss: null,
          close_reason: null,
          parent_trade_id: null,
        },
      ],
    ]);
    show('/entrustment-history?tab=entrustment');
    const orders = await screen.findByRole('list', { name: 'Resting limit orders' });
    expect(orders.textContent).toContain('Limit order');
    expect(orders.textContent).toContain('BTC/USDT · Buy (long) 10X');
    expect(orders.textContent).toContain('Reserved592.95 USDT');
    expect(orders.textContent).toContain('Resting');
    // The transactions of the tab are still there, each with its kind.
    await vi.waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(2));
    expect(screen.getAllByRole('listitem')[1]!.textContent).toContain('Withdrawal');
    cleanup();

    api.on('GET /api-v1/trade-history/?status=cancelled', [
      200,
      [
        {
          trade_id: 22,
          coin: 'ETH',
          prfit_loss: '0',
          starting_price: '2900',
          trading_balance: '29',
          closed_balanec: '29.145',
          history: [],
          created_at: '2025-03-01T10:00:00.000Z',
          closed_at: '2025-03-01T10:30:00.000Z',
          trade_type: 'sell',
          hands: '1',
          status: 'cancelled',
          close_price: null,
          leverage: 100,
          order_type: 'limit',
          open_fee: '0.145',
          close_fee: '0',
          close_reason: null,
          fee: '0.145',
          realized_profit_loss: '0',
          take_profit: null,
          stop_loss: null,
          parent_trade_id: null,
        },
      ],
    ]);
    show('/entrustment-history?tab=revoked');
    const revoked = await screen.findByRole('list', { name: 'Revoked limit orders' });
    expect(revoked.textContent).toContain('ETH/USDT · Sell (short) 100X');
    expect(revoked.textContent).toContain('Refunded29.15 USDT');
    expect(revoked.textContent).toContain('Revoked');
  });

  it('marks a liquidated trade', async () => {
    api.on('GET /api-v1/trade-history/', [
      200,
      [
        {
          trade_id: 5,
          coin: 'ETH',
          prfit_loss: '-30',
          starting_price: '3000',
          trading_balance: '30',
          closed_balanec: '0',
          history: [],
          created_at: '2025-03-01T10:00:00.000Z',
          closed_at: '2025-03-01T10:05:00.000Z',
          trade_type: 'buy',
          hands: '1',
          status: 'liquidated',
          close_price: '2970',
          leverage: 100,
          order_type: 'market',
          open_fee: '1.5',
          close_fee: '0',
          close_reason: 'liquidation',
          fee: '1.5',
          realized_profit_loss: '-31.5',
          take_profit: null,
          stop_loss: null,
          parent_trade_id: null,
        },
      ],
    ]);
    show('/entrustment-history?tab=closed');
    expect((await screen.findByRole('listitem')).textContent).toContain('Liquidated');
  });

  it("reads a 404 of the trade history as 'no record', other failures as 'Failed to fetch trade history'", async () => {
    api.on('GET /api-v1/trade-history/', [404, { error: 'Not found' }]);
    show('/entrustment-history?tab=closed');
    await screen.findByText(MSG.noRecord);
    cleanup();
    api.on('GET /api-v1/trade-history/', [500, {}]);
    show('/entrustment-history?tab=closed');
    expect((await screen.findByRole('alert')).textContent).toBe(MSG.fetchTradeHistoryFailed);
  });
});

describe('pending transactions (staff)', () => {
  const pending = [
    {
      transaction_id: 11,
      transaction_type: 'deposit',
      amount: '300',
      currency: 'USDT',
      created_at: '2025-03-01T10:00:00.000Z',
      user_id: 3,
      user_email: 'ada@example.com',
      payment_address: 'TXsender',
    },
    {
      transaction_id: 12,
      transaction_type: 'withdrawal',
      amount: '100',
      currency: 'USDT',
      created_at: '2025-03-01T11:00:00.000Z',
      user_id: 3,
      user_email: 'ada@example.com',
      payment_address: 'TQ7cXq9WqG1vB4m8',
      fee: '1',
      arrival_amount: '99',
      usdt_value: '100',
    },
  ];
  const show = () => renderScreen(<PendingTransactionsPanel />, { path: '/admin/dashboard', url: '/admin/dashboard' });
  const route = 'POST /api-v3/admin/transactions-verification/';

  beforeEach(() => logInAs({ user_id: 1, is_admin: true }));

  it('lists type, amount, currency, user email, date and payment address', async () => {
    api.on('GET /api-v3/admin/pending-transactions/', [200, pending]);
    show();
    const deposit = await screen.findByRole('listitem', { name: /Deposit of 300 USDT by ada@example.com/ });
    expect(deposit.textContent).toContain('TXsender');
    expect(deposit.textContent).toMatch(/2025-03-01 \d\d:00/);
    const withdrawalItem = screen.getByRole('listitem', { name: /Withdrawal of 100 USDT/ });
    expect(withdrawalItem.textContent).toContain('99 USDT');
  });

  it('approves and rejects (action cancel), then reloads both Requests lists', async () => {
    api.on('GET /api-v3/admin/pending-transactions/', [200, pending]);
    api.on(route, [200, { message: 'ok', transaction: { ...withdrawal, transaction_id: 11, status: 'successful' } }]);
    const { queryClient } = show();
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    const deposit = await screen.findByRole('listitem', { name: /Deposit/ });
    fireEvent.click(within(deposit).getByRole('button', { name: 'Approve' }));
    // See docs/decisions/0031-lever-results.md: it asks first, naming the user, the amount and the action; nothing is sent yet.
    const ask = screen.getByRole('dialog', { name: 'Approve transaction' });
    expect(ask.textContent).toContain('Approve the deposit of 300 USDT by ada@example.com?');
    expect(api.callsTo(route)).toHaveLength(0);
    fireEvent.click(within(ask).getByRole('button', { name: 'Approve' }));
    await vi.waitFor(() => expect(api.callsTo('GET /api-v3/admin/pending-transactions/')).toHaveLength(2));
    fireEvent.click(
      within(screen.getByRole('listitem', { name: /Withdrawal/ })).getByRole('button', { name: 'Reject' }),
    );
    const reject = screen.getByRole('dialog', { name: 'Reject transaction' });
    expect(reject.textContent).toContain('Reject the withdrawal of 100 USDT by ada@example.com?');
    expect(reject.textContent).toContain('returned to their funding account');
    // Back closes it without deciding.
    fireEvent.click(within(reject).getByRole('button', { name: 'Back' }));
    expect(api.callsTo(route)).toHaveLength(1);
    fireEvent.click(
      within(screen.getByRole('listitem', { name: /Withdrawal/ })).getByRole('button', { name: 'Reject' }),
    );
    // Reject asks for the reason its owner will read (docs/decisions/0062-money-screens.md): none, nothing is sent.
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Reject' }));
    expect(screen.getByRole('dialog').textContent).toContain('Please write the reason for rejecting');
    expect(api.callsTo(route)).toHaveLength(1);
    fireEvent.change(within(screen.getByRole('dialog')).getByLabelText('Reason for rejecting'), {
      target: { value: ' Wrong network ' },
    });
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Reject' }));
    await vi.waitFor(() => expect(api.callsTo(route)).toHaveLength(2));
    expect(api.callsTo(route).map((c) => [c.query.get('transaction_id'), c.body])).toEqual([
      ['11', { action: 'approve' }],
      ['12', { action: 'cancel', reason: 'Wrong network' }],
    ]);
    const keys = invalidate.mock.calls.map(([filters]) => filters?.queryKey);
    expect(keys).toContainEqual(PENDING_TRANSACTIONS_KEY);
    expect(keys).toContainEqual(UNVERIFIED_USERS_KEY);
  });

  it("shows the server's error of an action, else 'Failed to verify transaction'", async () => {
    api.on('GET /api-v3/admin/pending-transactions/', [200, pending]);
    api.on(route, [409, { error: 'This transaction has already been approved' }]);
    show();
    const approve = async () => {
      fireEvent.click(
        within(await screen.findByRole('listitem', { name: /Deposit/ })).getByRole('button', { name: 'Approve' }),
      );
      fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Approve' }));
    };
    await approve();
    await screen.findByText('This transaction has already been approved');
    api.on(route, [500, {}]);
    await approve();
    await screen.findByText(MSG.verifyTransactionFailed);
  });

  it("reads a 404 or 'No pending transactions' as an empty list", async () => {
    api.on('GET /api-v3/admin/pending-transactions/', [404, { error: 'Not found' }]);
    show();
    await screen.findByText(MSG.noPendingTransactions);
    cleanup();
    api.on('GET /api-v3/admin/pending-transactions/', [400, { error: 'No pending transactions found' }]);
    show();
    await screen.findByText(MSG.noPendingTransactions);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows other failures in red in place of the list: message, then error, else the fallback', async () => {
    api.on('GET /api-v3/admin/pending-transactions/', [503, { message: 'Queue offline', error: 'x' }]);
    show();
    expect((await screen.findByRole('alert')).textContent).toBe('Queue offline');
    cleanup();
    api.on('GET /api-v3/admin/pending-transactions/', [500, {}]);
    show();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(MSG.fetchPendingFailed);
    expect(alert.className).toContain('text-down');
  });
});
