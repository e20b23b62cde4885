/** /transfer, /withdrawal and /deposit against a faked API (docs/product.md 4, 5, 8; Idempotency-Key of docs/architecture.md 4). */
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { WALLET_MSG } from '../../../shared/api/wallet';
import { PROTECTION_MSG } from '../../../shared/api/protection';
import { MSG, insufficientForMinWithdrawalMessage, minWithdrawalMessage } from '../../../shared/messages';
import { installFakeApi, logInAs, renderScreen, type FakeApi } from '../../../../tests/helpers/fake-web-api';
import { forgetWalletCacheMemory } from '../../lib/wallet-cache';
import { DepositPage } from './DepositPage';
import { TransferPage } from './TransferPage';
import { WithdrawalPage } from './WithdrawalPage';

let api: FakeApi;

const created = (type: string) =>
  [
    201,
    {
      message: 'ok',
      transaction: {
        transaction_id: 9,
        type,
        amount: '1',
        currency: 'USDT',
        status: 'successful',
        transfer_from: 'funding',
        transfer_to: 'lever',
        created_at: '2025-03-01T10:00:00.000Z',
        fee: '0',
        arrival_amount: null,
        usdt_value: null,
        address: null,
        decided_at: null,
        network: null,
        cancelled_by: null,
      },
    },
  ] as const;

beforeEach(() => {
  api = installFakeApi();
  logInAs({ user_id: 7 });
  api.on('GET /api-v1/funding-wallet-list/', [200, [{ currency: 'USDT', balance: '120.5' }]]);
  api.on('GET /api-v1/lever-wallet-list/', [200, [{ currency: 'USDT', balance: '30' }]]);
  api.on('GET /api-v1/second-wallet-list/', [200, [{ currency: 'USDT', balance: '0' }]]);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
  forgetWalletCacheMemory();
});

const type = (label: string | RegExp, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
const button = (name: string | RegExp) => screen.getByRole('button', { name });
const selectedOf = (label: string) => (screen.getByLabelText(label) as HTMLSelectElement).value;
/** Real addresses (docs/decisions/0028-deposit-networks.md checks their checksums): Tether's TRON contract, the EIP-55 example. */
const TRC20 = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
const ERC20 = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
const idempotencyKeyOf = (route: string, index = 0) => api.callsTo(route)[index]!.headers['Idempotency-Key'];

/** Real senders' addresses (the EIP-55 example, Tether's TRON contract): the form checks their format. */
const ERC_SENDER = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
const TRC_SENDER = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';

describe('transfer', () => {
  const show = (url = '/transfer/usdt') => renderScreen(<TransferPage />, { path: '/transfer/:currency', url });

  it('starts from funding to lever, or from the wallet it was opened from', async () => {
    show();
    expect([selectedOf('From'), selectedOf('To')]).toEqual(['funding', 'lever']);
    await screen.findByText('Available: 120.5 USDT');
    cleanup();
    show('/transfer/USDT?from=lever');
    expect([selectedOf('From'), selectedOf('To')]).toEqual(['lever', 'funding']);
    await screen.findByText('Available: 30 USDT');
  });

  it('offers the four accounts, swaps with the button, and swaps when both sides would be equal', async () => {
    show();
    const options = [...(screen.getByLabelText('From') as HTMLSelectElement).options].map((o) => o.value);
    expect(options).toEqual(['funding', 'lever', 'second', 'legal']);
    fireEvent.click(button('Swap accounts'));
    expect([selectedOf('From'), selectedOf('To')]).toEqual(['lever', 'funding']);
    fireEvent.change(screen.getByLabelText('To'), { target: { value: 'lever' } });
    expect([selectedOf('From'), selectedOf('To')]).toEqual(['funding', 'lever']);
    fireEvent.change(screen.getByLabelText('From'), { target: { value: 'second' } });
    expect([selectedOf('From'), selectedOf('To')]).toEqual(['second', 'lever']);
    await screen.findByText('Available: 0 USDT');
  });

  it("says 'Amount exceeds available balance' while typing, with the button disabled", async () => {
    show();
    await screen.findByText('Available: 120.5 USDT');
    expect((button('Transfer') as HTMLButtonElement).disabled).toBe(true);
    type('Amount', '120.51');
    expect(screen.getByText(MSG.amountExceedsBalance)).toBeTruthy();
    expect((button('Transfer') as HTMLButtonElement).disabled).toBe(true);
    type('Amount', '120.5');
    expect(screen.queryByText(MSG.amountExceedsBalance)).toBeNull();
    expect((button('Transfer') as HTMLButtonElement).disabled).toBe(false);
  });

  it('keeps letters and minus signs out of the amount', async () => {
    show();
    type('Amount', '-5');
    expect((screen.getByLabelText('Amount') as HTMLInputElement).value).toBe('');
    type('Amount', '5a');
    expect((screen.getByLabelText('Amount') as HTMLInputElement).value).toBe('');
  });

  it("refuses a zero amount on submit with 'Please enter a valid amount'", async () => {
    show();
    await screen.findByText('Available: 120.5 USDT');
    type('Amount', '0');
    fireEvent.click(button('Transfer'));
    expect(screen.getByText(MSG.enterValidAmount)).toBeTruthy();
    expect(api.callsTo('POST /api-v1/transfer-to-wallet/')).toEqual([]);
  });

  it("sends all_amount with 'all', with an Idempotency-Key, and goes back one page", async () => {
    api.on('POST /api-v1/transfer-to-wallet/', created('transfer'));
    show();
    await screen.findByText('Available: 120.5 USDT');
    fireEvent.click(button('All'));
    expect((screen.getByLabelText('Amount') as HTMLInputElement).value).toBe('120.5');
    fireEvent.click(button('Transfer'));
    await screen.findByText('another page');
    const [sent] = api.callsTo('POST /api-v1/transfer-to-wallet/');
    expect(sent!.body).toEqual({
      transfer_from: 'funding',
      transfer_to: 'lever',
      currency: 'USDT',
      amount: '120.5',
      all_amount: true,
    });
    expect(sent!.headers['Idempotency-Key']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("shows the server's error, else 'Transfer failed'; a retry of the same transfer keeps its key", async () => {
    const route = 'POST /api-v1/transfer-to-wallet/';
    api.on(route, 'network-error');
    show();
    await screen.findByText('Available: 120.5 USDT');
    type('Amount', '20');
    fireEvent.click(button('Transfer'));
    await screen.findByText(MSG.networkError);
    api.on(route, [400, { error: MSG.transferExceedsBalance }]);
    fireEvent.click(button('Transfer'));
    await screen.findByText(MSG.transferExceedsBalance);
    expect(idempotencyKeyOf(route, 1)).toBe(idempotencyKeyOf(route, 0));

    api.on(route, [500, {}]);
    type('Amount', '21');
    fireEvent.click(button('Transfer'));
    await screen.findByText(MSG.transferFailed);
    expect(idempotencyKeyOf(route, 2)).not.toBe(idempotencyKeyOf(route, 0));
  });
});

describe('withdrawal', () => {
  const info = (hasPassword: boolean) =>
    [
      200,
      {
        first_name: 'Ada',
        last_name: 'Trader',
        email: 'ada@example.com',
        uniqueid: '12345678',
        is_verified: 'unverified',
        has_transaction_password: hasPassword,
        promotion_code: 'P1',
      },
    ] as const;
  const show = () => renderScreen(<WithdrawalPage />, { path: '/withdrawal/:currency', url: '/withdrawal/USDT' });

  beforeEach(() => api.on('GET /api-v1/info/', info(true)));

  it('shows each message of docs/product.md 5 on submit, and sends nothing', async () => {
    show();
    await screen.findByText('Available: 120.5 USDT');
    fireEvent.click(button('Withdraw'));
    expect(screen.getByText(MSG.enterValidAddress)).toBeTruthy();
    expect(screen.getByText(MSG.enterValidAmount)).toBeTruthy();
    expect(screen.getByText(MSG.enterTransactionPassword)).toBeTruthy();
    expect(api.callsTo('POST /api-v1/withdraw/')).toEqual([]);
  });

  it('checks each field live once it has been edited', async () => {
    show();
    await screen.findByText('Available: 120.5 USDT');
    type('Amount', '20');
    expect(screen.getByText(minWithdrawalMessage('50', 'USDT'))).toBeTruthy();
    expect(screen.queryByText(MSG.enterValidAddress)).toBeNull();
    type('Amount', '121');
    expect(screen.getByText(MSG.withdrawalExceedsBalance)).toBeTruthy();
    type('Withdrawal address', 'x');
    type('Withdrawal address', '');
    expect(screen.getByText(MSG.enterValidAddress)).toBeTruthy();
    type('Transaction password', 'a');
    type('Transaction password', '');
    expect(screen.getByText(MSG.enterTransactionPassword)).toBeTruthy();
  });

  it('with the whitelist on, refuses an address outside the book as it is typed (docs/decisions/0062-money-screens.md)', async () => {
    const saved = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
    api.on('GET /api-v1/security/status/', [200, { whitelist_enabled: true, anti_phishing_code: null, locks: [] }]);
    api.on('GET /api-v1/withdrawal-addresses/', [
      200,
      [{ id: 1, currency: 'USDT', address: saved, label: 'Mine', created_at: '2025-03-01T10:00:00.000Z' }],
    ]);
    show();
    await screen.findByText('Available: 120.5 USDT');
    await screen.findByText('Mine');
    type('Withdrawal address', '0x8f3Cf7ad23Cd3CaDbD9735AFf958023239c6A063');
    await screen.findByText(PROTECTION_MSG.notWhitelisted);
    type('Withdrawal address', saved);
    expect(screen.queryByText(PROTECTION_MSG.notWhitelisted)).toBeNull();
  });

  it('shows the USDT value, the 1% fee and the arrival amount', async () => {
    show();
    await screen.findByText('Available: 120.5 USDT');
    type('Amount', '100');
    expect((screen.getByLabelText('USDT value') as HTMLInputElement).value).toBe('100.00');
    expect((screen.getByLabelText('USDT value') as HTMLInputElement).readOnly).toBe(true);
    expect(screen.getByText('Handling fee (1%)').nextSibling?.textContent).toBe('1 USDT');
    expect(screen.getByText('Arrival amount').nextSibling?.textContent).toBe('99 USDT');
  });

  it('shows what is withdrawable and, apart, a bonus still locked until its turnover (docs/decisions/0047)', async () => {
    api.on('GET /api-v1/bonus-lock/', [
      200,
      { currency: 'USDT', locked: '40', turnover: '300', turnover_required: '800', withdrawable: '120.5' },
    ]);
    show();
    await screen.findByText('Locked bonus: 40 USDT, withdrawable after you trade 500 USDT more');
    expect(screen.getByText('Available: 120.5 USDT')).toBeTruthy();
    type('Amount', '160');
    expect(screen.getByText(MSG.withdrawalExceedsBalance)).toBeTruthy();
  });

  it('counts a bonus whose turnover is met as withdrawable', async () => {
    api.on('GET /api-v1/bonus-lock/', [
      200,
      { currency: 'USDT', locked: '40', turnover: '800', turnover_required: '800', withdrawable: '160.5' },
    ]);
    show();
    await screen.findByText('Available: 160.5 USDT');
    expect(screen.queryByText(/Locked bonus/)).toBeNull();
  });

  it("with 'all' under 50 USDT says 'Insufficient balance. Minimum withdrawal value is 50 USDT (...)'", async () => {
    api.on('GET /api-v1/funding-wallet-list/', [200, [{ currency: 'USDT', balance: '49.5' }]]);
    show();
    await screen.findByText('Available: 49.5 USDT');
    fireEvent.click(button('All'));
    expect(screen.getByText(insufficientForMinWithdrawalMessage('50', 'USDT'))).toBeTruthy();
  });

  it('links to setting a transaction password when the user has none', async () => {
    api.on('GET /api-v1/info/', info(false));
    show();
    const link = await screen.findByRole('link', { name: 'Set a transaction password' });
    expect(link.getAttribute('href')).toBe('/safety/transaction-password');
  });

  it('picks the network from the address until the user picks one, and checks the address as typed', async () => {
    show();
    await screen.findByText('Available: 120.5 USDT');
    const networks = screen.getByRole('radiogroup', { name: 'Network' });
    const checked = () => within(networks).getByRole('radio', { checked: true }).textContent;
    expect(
      within(networks)
        .getAllByRole('radio')
        .map((r) => r.textContent),
    ).toEqual(['ERC20', 'TRC20']);
    type('Withdrawal address', TRC20);
    expect(checked()).toBe('TRC20');
    expect(screen.queryByText(/not a valid/)).toBeNull();
    // One character off: the checksum breaks, and the form says so before anything is sent.
    type('Withdrawal address', TRC20.replace('jLj6t', 'jLj6T'));
    expect(screen.getByText('This is not a valid TRC20 address')).toBeTruthy();
    type('Withdrawal address', ERC20);
    expect(checked()).toBe('ERC20');
    expect(screen.queryByText(/not a valid/)).toBeNull();
    // Picked by hand, the network stays: an ERC20 address is then not a TRC20 one.
    fireEvent.click(within(networks).getByRole('radio', { name: 'TRC20' }));
    expect(checked()).toBe('TRC20');
    expect(screen.getByText('This is not a valid TRC20 address')).toBeTruthy();
  });

  it('says a coin without a network cannot be withdrawn, with no form', async () => {
    renderScreen(<WithdrawalPage />, { path: '/withdrawal/:currency', url: '/withdrawal/USDO' });
    expect(screen.getByText('USDO cannot be withdrawn')).toBeTruthy();
    expect(screen.queryByLabelText('Withdrawal address')).toBeNull();
  });

  it('confirms in a sheet (network, address, amount, fee, arrival), sends from it with an Idempotency-Key, and goes back', async () => {
    api.on('POST /api-v1/withdraw/', created('withdrawal'));
    show();
    await screen.findByText('Available: 120.5 USDT');
    type('Withdrawal address', ` ${TRC20} `);
    type('Amount', '100');
    type('Transaction password', '246810');
    fireEvent.click(button('Withdraw'));
    const sheet = screen.getByRole('dialog', { name: 'Confirm withdrawal' });
    const figure = (label: string) => within(sheet).getByText(label).nextSibling?.textContent;
    expect(figure('Network')).toBe('TRC20');
    expect(figure('Withdrawal address')).toBe(TRC20);
    expect(figure('Amount')).toBe('100 USDT');
    expect(figure('Handling fee (1%)')).toBe('1 USDT');
    expect(figure('Arrival amount')).toBe('99 USDT');
    expect(api.callsTo('POST /api-v1/withdraw/')).toEqual([]);
    // Edit closes it and sends nothing.
    fireEvent.click(within(sheet).getByRole('button', { name: 'Edit' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(api.callsTo('POST /api-v1/withdraw/')).toEqual([]);
    fireEvent.click(button('Withdraw'));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Confirm withdrawal' }));
    await screen.findByText('another page');
    const [sent] = api.callsTo('POST /api-v1/withdraw/');
    expect(sent!.body).toEqual({
      address: TRC20,
      network: 'TRC20',
      amount: '100',
      all_amount: false,
      transaction_password: '246810',
      currency: 'USDT',
      handling_fee: '1',
      arrival_amount: '99',
      usdt_value: '100',
    });
    expect(sent!.headers['Idempotency-Key']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("shows the server's error, then detail, else 'Withdrawal failed. Please try again.'", async () => {
    const route = 'POST /api-v1/withdraw/';
    show();
    await screen.findByText('Available: 120.5 USDT');
    type('Withdrawal address', TRC20);
    type('Amount', '60');
    type('Transaction password', '000000');
    const send = () => {
      if (!screen.queryByRole('dialog')) fireEvent.click(button('Withdraw'));
      fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Confirm withdrawal' }));
    };
    api.on(route, [400, { error: WALLET_MSG.wrongTransactionPassword }]);
    send();
    await within(await screen.findByRole('dialog')).findByText(WALLET_MSG.wrongTransactionPassword);
    api.on(route, [400, { detail: 'Address is on a block list' }]);
    send();
    await within(screen.getByRole('dialog')).findByText('Address is on a block list');
    api.on(route, [502, 'Bad gateway']);
    send();
    await within(screen.getByRole('dialog')).findByText(MSG.withdrawalFailed);
  });
});

describe('deposit', () => {
  const show = () => renderScreen(<DepositPage />, { path: '/deposit', url: '/deposit' });
  const ERC20 = '0x8f3Cf7ad23Cd3CaDbD9735AFf958023239c6A063';
  const TRC20 = 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE';
  const networks = (erc20Min = '50') => [
    { network: 'ERC20', address: ERC20, min_amount: erc20Min, confirmations: 12, currency: 'USDT' },
    { network: 'TRC20', address: TRC20, min_amount: '50', confirmations: 19, currency: 'USDT' },
  ];
  beforeEach(() => api.on('GET /api-v1/deposit-addresses/', [200, networks()]));

  it('shows USDT, the customer-service note, the 50 USDT minimum and the confirmations', async () => {
    show();
    expect(screen.getByText('Current currency').nextSibling?.textContent).toContain('USDT');
    expect(screen.getByText(/consult customer service/)).toBeTruthy();
    expect(screen.queryByText(/given by customer service/)).toBeNull();
    expect(screen.getByText('Minimum recharge').nextSibling?.textContent).toBe('50 USDT');
    expect((await screen.findByText('Confirmations to arrive')).nextSibling?.textContent).toBe('12');
    expect(screen.getByText('Confirmations to withdraw').nextSibling?.textContent).toBe('6');
  });

  it("shows the picked network's address with its QR code and copy button, and its confirmations", async () => {
    show();
    expect((await screen.findByTestId('deposit-address')).textContent).toBe(ERC20);
    expect(screen.getByRole('radio', { name: 'ERC20' }).getAttribute('aria-checked')).toBe('true');
    expect(screen.getByRole('img', { name: 'QR code of the ERC20 address' })).toBeTruthy();
    fireEvent.click(screen.getByRole('radio', { name: 'TRC20' }));
    expect(screen.getByTestId('deposit-address').textContent).toBe(TRC20);
    expect(screen.getByRole('img', { name: 'QR code of the TRC20 address' })).toBeTruthy();
    expect(screen.getByText('Confirmations to arrive').nextSibling?.textContent).toBe('19');
    expect(screen.getByText(/Send only USDT on the TRC20 network/)).toBeTruthy();
    expect(button('Copy address')).toBeTruthy();
  });

  it("with a node: the user's own address says deposits arrive by themselves, and lists those arriving with their count", async () => {
    const own = '0x1454168e82efA260f49a6F86612cc6414Ba633e9';
    api.on('GET /api-v1/deposit-addresses/', [
      200,
      [{ network: 'ERC20', address: own, min_amount: '50', confirmations: 12, currency: 'USDT', auto_credit: true }],
    ]);
    api.on('GET /api-v1/chain-deposits/', [
      200,
      [
        {
          tx_hash: `0x${'ab'.repeat(32)}`,
          log_index: 3,
          network: 'ERC20',
          currency: 'USDT',
          amount: '120.5',
          address: own,
          confirmations: 4,
          confirmations_required: 12,
          status: 'pending',
          transaction_id: null,
          created_at: '2026-11-28T08:00:00.000Z',
        },
      ],
    ]);
    show();
    expect((await screen.findByTestId('deposit-address')).textContent).toBe(own);
    expect(
      screen.getByText(
        /This address is yours alone\. USDT sent to it on ERC20 arrives by itself after 12 confirmations/,
      ),
    ).toBeTruthy();
    expect((await screen.findByTestId('arriving-deposit')).textContent).toBe('120.5 USDT · 4 of 12 confirmations');
  });

  it("applies a network's higher minimum as staff set it", async () => {
    api.on('GET /api-v1/deposit-addresses/', [200, networks('100')]);
    show();
    await screen.findByTestId('deposit-address');
    expect(screen.getByText('Minimum recharge').nextSibling?.textContent).toBe('100 USDT');
    type('Quantity (USDT)', '60');
    expect(screen.getByText('Minimum recharge on ERC20 is 100 USDT')).toBeTruthy();
    fireEvent.click(screen.getByRole('radio', { name: 'TRC20' }));
    expect(screen.queryByText('Minimum recharge on ERC20 is 100 USDT')).toBeNull();
  });

  it("checks the sender's address for the chosen network as it is typed, and sends nothing until it fits", async () => {
    api.on('POST /api-v1/recharge/', created('deposit'));
    show();
    await screen.findByTestId('deposit-address');
    type('Quantity (USDT)', '100');
    type('Payment address', TRC_SENDER);
    expect(screen.getByText('This is not a valid ERC20 address')).toBeTruthy();
    fireEvent.click(button('Submit'));
    expect(api.callsTo('POST /api-v1/recharge/')).toEqual([]);
    fireEvent.click(screen.getByRole('radio', { name: 'TRC20' }));
    expect(screen.queryByText('This is not a valid ERC20 address')).toBeNull();
    type('Payment address', 'TXsender');
    expect(screen.getByText('This is not a valid TRC20 address')).toBeTruthy();
    type('Payment address', TRC_SENDER);
    fireEvent.click(button('Submit'));
    await screen.findByText(MSG.depositSent);
    expect(api.callsTo('POST /api-v1/recharge/')[0]!.body).toEqual({
      amount: '100',
      payment_address: TRC_SENDER,
      network: 'TRC20',
    });
  });

  it('sends the chosen network and the transaction hash, checked for that network', async () => {
    api.on('POST /api-v1/recharge/', created('deposit'));
    show();
    await screen.findByTestId('deposit-address');
    fireEvent.click(screen.getByRole('radio', { name: 'TRC20' }));
    type('Quantity (USDT)', '100');
    type('Payment address', TRC_SENDER);
    type('Transaction hash (TRC20)', `0x${'ab'.repeat(32)}`);
    fireEvent.click(button('Submit'));
    expect(screen.getByText(/This is not a valid TRC20 transaction hash/)).toBeTruthy();
    expect(api.callsTo('POST /api-v1/recharge/')).toEqual([]);
    type('Transaction hash (TRC20)', 'AB'.repeat(32));
    fireEvent.click(button('Submit'));
    await screen.findByText(MSG.depositSent);
    expect(api.callsTo('POST /api-v1/recharge/')[0]!.body).toEqual({
      amount: '100',
      payment_address: TRC_SENDER,
      network: 'TRC20',
      tx_hash: 'ab'.repeat(32),
    });
  });

  it("still sends SPEC's payload when the addresses cannot be loaded", async () => {
    api.on('GET /api-v1/deposit-addresses/', [500, {}]);
    api.on('POST /api-v1/recharge/', created('deposit'));
    show();
    await screen.findByText('Failed to fetch the deposit addresses');
    type('Quantity (USDT)', '100');
    type('Payment address', TRC_SENDER);
    fireEvent.click(button('Submit'));
    await screen.findByText(MSG.depositSent);
    expect(api.callsTo('POST /api-v1/recharge/')[0]!.body).toEqual({ amount: '100', payment_address: TRC_SENDER });
  });

  it('needs a numeric quantity of at least 50 and the payment address', () => {
    show();
    fireEvent.click(button('Submit'));
    expect(screen.getByText(MSG.enterValidAmount)).toBeTruthy();
    expect(screen.getByText(WALLET_MSG.enterPaymentAddress)).toBeTruthy();
    type('Quantity (USDT)', 'abc');
    expect((screen.getByLabelText('Quantity (USDT)') as HTMLInputElement).value).toBe('');
    type('Quantity (USDT)', '49.99');
    expect(screen.getByText(WALLET_MSG.minRecharge)).toBeTruthy();
    expect(api.callsTo('POST /api-v1/recharge/')).toEqual([]);
  });

  it('sends the request for approval, says so and clears the fields', async () => {
    api.on('POST /api-v1/recharge/', created('deposit'));
    show();
    await screen.findByTestId('deposit-address');
    type('Quantity (USDT)', '100');
    type('Payment address', ERC_SENDER);
    fireEvent.click(button('Submit'));
    await screen.findByText(MSG.depositSent);
    expect((screen.getByLabelText('Quantity (USDT)') as HTMLInputElement).value).toBe('');
    expect((screen.getByLabelText('Payment address') as HTMLInputElement).value).toBe('');
    const [sent] = api.callsTo('POST /api-v1/recharge/');
    expect(sent!.body).toEqual({ amount: '100', payment_address: ERC_SENDER, network: 'ERC20' });
    expect(sent!.headers['Idempotency-Key']).toBeTruthy();
    expect(screen.queryByText(MSG.enterValidAmount)).toBeNull();
  });

  it("shows the server's error, else 'Failed to process recharge'", async () => {
    api.on('POST /api-v1/recharge/', [429, { error: 'Too many requests' }]);
    show();
    type('Quantity (USDT)', '100');
    type('Payment address', ERC_SENDER);
    fireEvent.click(button('Submit'));
    await screen.findByText('Too many requests');
    api.on('POST /api-v1/recharge/', [500, {}]);
    fireEvent.click(button('Submit'));
    await screen.findByText(MSG.depositFailed);
  });
});
