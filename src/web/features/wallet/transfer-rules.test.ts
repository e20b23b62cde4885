/** docs/product.md 5 "Transfer": the live and the submit-time messages. */
import { describe, expect, it } from 'vitest';
import { WALLET_MSG } from '../../../shared/api/wallet';
import { MSG } from '../../../shared/messages';
import { liveTransferProblem, submitTransferProblem } from './transfer-rules';

describe('transfer form rules', () => {
  it("says 'Amount exceeds available balance' while the typed amount is above the balance", () => {
    expect(liveTransferProblem('100.00000001', '100')).toBe(MSG.amountExceedsBalance);
    expect(liveTransferProblem('100', '100')).toBeNull();
    expect(liveTransferProblem('', '100')).toBeNull();
    expect(liveTransferProblem('1.', '0')).toBeNull();
  });

  it('has no live opinion while the balance is unknown', () => {
    expect(liveTransferProblem('5', undefined)).toBeNull();
  });

  it("refuses on submit with 'Transfer amount exceeds available balance'", () => {
    expect(submitTransferProblem({ amount: '20', allAmount: false, balance: '19.99' })).toBe(
      MSG.transferExceedsBalance,
    );
    expect(submitTransferProblem({ amount: '19.99', allAmount: false, balance: '19.99' })).toBeNull();
  });

  it('needs an amount above zero', () => {
    for (const amount of ['', '0', '0.000', '.', '1.'])
      expect(submitTransferProblem({ amount, allAmount: false, balance: '10' })).toBe(MSG.enterValidAmount);
    expect(submitTransferProblem({ amount: '0', allAmount: false, balance: undefined })).toBe(MSG.enterValidAmount);
    expect(submitTransferProblem({ amount: '3', allAmount: false, balance: undefined })).toBeNull();
  });

  it("with 'all' refuses only an empty wallet", () => {
    expect(submitTransferProblem({ amount: '0', allAmount: true, balance: '0' })).toBe(WALLET_MSG.nothingToTransfer);
    expect(submitTransferProblem({ amount: '7.5', allAmount: true, balance: '7.5' })).toBeNull();
  });
});
