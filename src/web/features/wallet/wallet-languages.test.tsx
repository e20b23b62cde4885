/**
 * The wallet screens in another language (docs/decisions/0043-languages.md): the catalog's texts, the wallet
 * message tables (server and form refusals) and the numbers with the language's separators, and no
 * English left where a translation exists.
 */
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEPOSIT_MSG } from '../../../shared/api/deposits';
import { minWithdrawalMessage } from '../../../shared/messages';
import { installFakeApi, logInAs, renderScreen, type FakeApi } from '../../../../tests/helpers/fake-web-api';
import { forgetWalletCacheMemory } from '../../lib/wallet-cache';
import { DepositPage } from './DepositPage';
import { EntrustmentHistoryPage } from './EntrustmentHistoryPage';
import { localGrouped } from './localized';
import { WithdrawalPage } from './WithdrawalPage';
import { chooseLanguage } from '../../../../tests/helpers/web-language';

let api: FakeApi;
beforeEach(() => {
  api = installFakeApi();
  logInAs({ user_id: 7 });
  api.on('GET /api-v1/funding-wallet-list/', [200, [{ currency: 'USDT', balance: '120.5' }]]);
});
afterEach(async () => {
  await chooseLanguage('en');
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
  forgetWalletCacheMemory();
});

const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('the withdrawal screen in Spanish', () => {
  beforeEach(() =>
    api.on('GET /api-v1/info/', [
      200,
      {
        first_name: 'Ada',
        last_name: 'Trader',
        email: 'ada@example.com',
        uniqueid: '12345678',
        is_verified: 'unverified',
        has_transaction_password: true,
        promotion_code: 'P1',
      },
    ]),
  );

  it('shows its labels, the balance with a decimal comma and the minimum refusal in Spanish', async () => {
    await chooseLanguage('es');
    renderScreen(<WithdrawalPage />, { path: '/withdrawal/:currency', url: '/withdrawal/USDT' });
    await screen.findByText('Disponible: 120,5 USDT');
    expect(screen.queryByText('Available: 120.5 USDT')).toBeNull();
    expect(screen.getByRole('heading', { name: 'Retirar USDT' })).toBeTruthy();
    expect(screen.getByLabelText('Dirección de retiro')).toBeTruthy();
    expect(screen.queryByLabelText('Withdrawal address')).toBeNull();
    expect(screen.getByText('Comisión (1 %)')).toBeTruthy();
    expect(screen.queryByText('Handling fee (1%)')).toBeNull();
    // The form's own money rule (the withdrawalLimits table) reads in Spanish, not as SPEC's English.
    type('Importe', '20');
    expect(screen.getByText('El valor mínimo de retiro es de 50 USDT (50 USDT)')).toBeTruthy();
    expect(screen.queryByText(minWithdrawalMessage('50', 'USDT'))).toBeNull();
    // The address check of the picked network: a template of the addresses table, translated.
    type('Dirección de retiro', 'not-an-address');
    expect(screen.getByText('No es una dirección ERC20 válida')).toBeTruthy();
    expect(screen.queryByText(/This is not a valid ERC20 address/)).toBeNull();
    expect(screen.getByRole('button', { name: 'Retirar' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Withdraw' })).toBeNull();
  });
});

describe('the deposit screen in Spanish', () => {
  const ERC20 = '0x8f3Cf7ad23Cd3CaDbD9735AFf958023239c6A063';

  it("shows the network's address card, the facts and a network minimum's refusal in Spanish", async () => {
    api.on('GET /api-v1/deposit-addresses/', [
      200,
      [{ network: 'ERC20', address: ERC20, min_amount: '100.5', confirmations: 12, currency: 'USDT' }],
    ]);
    await chooseLanguage('es');
    renderScreen(<DepositPage />, { path: '/deposit', url: '/deposit' });
    expect(await screen.findByRole('img', { name: 'Código QR de la dirección ERC20' })).toBeTruthy();
    expect(screen.queryByRole('img', { name: 'QR code of the ERC20 address' })).toBeNull();
    expect(screen.getByText('Depósito mínimo').nextSibling?.textContent).toBe('100,5 USDT');
    expect(screen.queryByText('Minimum recharge')).toBeNull();
    expect(screen.getByText(/Envía solo USDT por la red ERC20/)).toBeTruthy();
    expect(screen.queryByText(/Send only USDT/)).toBeNull();
    type('Cantidad (USDT)', '60');
    expect(screen.getByText('El depósito mínimo en ERC20 es de 100,5 USDT')).toBeTruthy();
    expect(screen.queryByText(DEPOSIT_MSG.belowNetworkMinimum('ERC20', '100.5', 'USDT'))).toBeNull();
    // A hash of the wrong shape: each network's own text of the deposits table.
    type('Hash de la transacción (ERC20)', 'abc');
    expect(
      screen.getByText(
        'No es un hash de transacción ERC20 válido: un hash ERC20 tiene 0x seguido de 64 caracteres hexadecimales',
      ),
    ).toBeTruthy();
    expect(screen.queryByText(DEPOSIT_MSG.invalidTxHash('ERC20'))).toBeNull();
  });
});

describe('the history in Japanese', () => {
  it("reads a withdrawal's type, status, fee line and its cancel sheet in Japanese, the address kept inside", async () => {
    const address = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
    api.on('GET /api-v1/transcations-history/', [
      200,
      [
        {
          transaction_id: 5,
          type: 'withdrawal',
          amount: '100.5',
          currency: 'USDT',
          status: 'pending',
          transfer_from: 'funding',
          transfer_to: null,
          created_at: '2025-03-01T10:00:00.000Z',
          fee: '1',
          arrival_amount: '99.5',
          usdt_value: '100.5',
          address,
          decided_at: null,
          network: 'TRC20',
          cancelled_by: null,
        },
      ],
    ]);
    await chooseLanguage('ja');
    renderScreen(<EntrustmentHistoryPage />, {
      path: '/entrustment-history',
      url: '/entrustment-history?tab=entrustment',
    });
    const item = await screen.findByRole('listitem');
    expect(screen.getByRole('tab', { name: '注文中' })).toBeTruthy();
    expect(item.textContent).toContain('出金');
    expect(item.textContent).toContain('処理中');
    expect(item.textContent).toContain('手数料 1 · 着金 99.5');
    expect(item.textContent).not.toMatch(/Withdrawal|Pending|Fee|Arrival/);
    fireEvent.click(within(item).getByRole('button', { name: '出金をキャンセル' }));
    const sheet = screen.getByRole('dialog', { name: 'この出金をキャンセルしますか？' });
    expect(sheet.textContent).toContain(`${address} (TRC20) への 100.5 USDT は送金されません。`);
    expect(within(sheet).getByText(address).tagName).toBe('SPAN');
    expect(sheet.textContent).not.toMatch(/will not be sent|Keep it/);
    // German puts the amount first: the address stays where the sentence has it, with a decimal comma.
    await chooseLanguage('de');
    const german = screen.getByRole('dialog', { name: 'Diese Auszahlung stornieren?' });
    expect(german.textContent).toContain(`100,5 USDT an ${address} (TRC20) werden nicht gesendet.`);
  });
});

describe('grouped amounts', () => {
  it("swap the app's separators for the language's, digits untouched, English as it was", () => {
    expect(localGrouped('en', '1,234,567.891')).toBe('1,234,567.891');
    expect(localGrouped('de', '1,234,567.891')).toBe('1.234.567,891');
    expect(localGrouped('es', '12.5')).toBe('12,5');
    expect(localGrouped('ja', '1,234.5')).toBe('1,234.5');
  });
});
