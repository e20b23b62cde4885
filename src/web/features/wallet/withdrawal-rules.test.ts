/** docs/product.md 5 "Withdrawal": every message, in SPEC order, and the figures the form shows. */
import { describe, expect, it } from 'vitest';
import { MSG, insufficientForMinWithdrawalMessage, minWithdrawalMessage } from '../../../shared/messages';
import { withdrawalAmount, withdrawalErrors, withdrawalQuote, type WithdrawalValues } from './withdrawal-rules';

// A real TRC20 address (Tether's contract): docs/decisions/0029-withdrawal-networks.md checks the checksum.
const filled: WithdrawalValues = {
  address: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
  amount: '60',
  allAmount: false,
  password: '246810',
};
const usdt = { currency: 'USDT', balance: '100', price: '1' };

describe('withdrawal form rules', () => {
  it('accepts a complete withdrawal worth at least 50 USDT within the balance', () => {
    expect(withdrawalErrors(filled, usdt)).toEqual({});
    expect(withdrawalErrors({ ...filled, amount: '50' }, usdt)).toEqual({});
  });

  it('names each missing field with its contract message', () => {
    expect(withdrawalErrors({ address: ' ', amount: '', allAmount: false, password: '' }, usdt)).toEqual({
      address: MSG.enterValidAddress,
      amount: MSG.enterValidAmount,
      transaction_password: MSG.enterTransactionPassword,
    });
    expect(withdrawalErrors({ ...filled, address: 'has a space' }, usdt).address).toBe(MSG.enterValidAddress);
    expect(withdrawalErrors({ ...filled, amount: '0' }, usdt).amount).toBe(MSG.enterValidAmount);
  });

  it("checks the address for its network with the server's validator", () => {
    expect(withdrawalErrors({ ...filled, address: 'abc' }, usdt).address).toBe(
      'This is not a valid USDT address on ERC20 or TRC20',
    );
    expect(withdrawalErrors({ ...filled, address: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6T' }, usdt).address).toBe(
      'This is not a valid TRC20 address',
    );
    expect(withdrawalErrors({ ...filled, network: 'ERC20' }, usdt).address).toBe('This is not a valid ERC20 address');
    expect(withdrawalErrors({ ...filled, network: 'BTC' }, usdt).network).toBe(
      'USDT cannot be withdrawn on the BTC network. Choose ERC20 or TRC20',
    );
    expect(withdrawalErrors({ ...filled, network: 'TRC20' }, usdt)).toEqual({});
  });

  it('needs a value of at least 50 USDT, naming what that is in the coin', () => {
    expect(withdrawalErrors({ ...filled, amount: '49.99' }, usdt).amount).toBe(minWithdrawalMessage('50', 'USDT'));
    const btc = { currency: 'BTC', balance: '1', price: '60000' };
    expect(withdrawalErrors({ ...filled, amount: '0.0008' }, btc).amount).toBe(
      minWithdrawalMessage('0.00083334', 'BTC'),
    );
  });

  it('refuses more than the balance', () => {
    expect(withdrawalErrors({ ...filled, amount: '100.00000001' }, usdt).amount).toBe(MSG.withdrawalExceedsBalance);
  });

  it("with 'all' takes the whole balance, and says so when it is worth under 50 USDT", () => {
    const all = { ...filled, amount: '', allAmount: true };
    expect(withdrawalAmount(all, '100.123456789')).toBe('100.12345678');
    expect(withdrawalErrors(all, usdt)).toEqual({});
    expect(withdrawalErrors(all, { ...usdt, balance: '49' }).amount).toBe(
      insufficientForMinWithdrawalMessage('50', 'USDT'),
    );
  });

  it('leaves the money rules to the server while the balance or the price is unknown', () => {
    const toBtc = { ...filled, address: 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4', amount: '1' };
    expect(withdrawalErrors(toBtc, { currency: 'BTC', balance: '5', price: undefined })).toEqual({});
    expect(withdrawalErrors({ ...filled, amount: '1' }, { ...usdt, balance: undefined })).toEqual({});
  });

  it('shows the USDT value, the 1% fee and the arrival amount', () => {
    expect(withdrawalQuote('120', '1')).toEqual({ usdtValue: '120', fee: '1.2', arrival: '118.8' });
    expect(withdrawalQuote('0.5', '60000.5')).toEqual({ usdtValue: '30000.25', fee: '0.005', arrival: '0.495' });
    expect(withdrawalQuote('0.5', undefined).usdtValue).toBeNull();
    expect(withdrawalQuote('', '1')).toEqual({ usdtValue: null, fee: '0', arrival: '0' });
  });
});
