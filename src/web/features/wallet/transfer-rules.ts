/**
 * The transfer form's rules (docs/product.md 5): while typing, an amount above the available balance reads
 * 'Amount exceeds available balance'; on submit the shared rule decides ('Transfer amount exceeds
 * available balance'). With 'all' the whole balance moves, so only an empty wallet is refused.
 */
import { WALLET_MSG, transferProblem } from '../../../shared/api/wallet';
import { MSG } from '../../../shared/messages';
import { AMOUNT_PATTERN, cmp, isPositive, isZero } from '../../../shared/money';

/** undefined balance: not known (still loading or failed); the server checks it then. */
export function liveTransferProblem(amount: string, balance: string | undefined): string | null {
  if (balance === undefined || !AMOUNT_PATTERN.test(amount)) return null;
  return cmp(amount, balance) > 0 ? MSG.amountExceedsBalance : null;
}

export function submitTransferProblem(input: {
  amount: string;
  allAmount: boolean;
  balance: string | undefined;
}): string | null {
  const { amount, allAmount, balance } = input;
  if (allAmount) return balance !== undefined && isZero(balance) ? WALLET_MSG.nothingToTransfer : null;
  if (balance === undefined) return AMOUNT_PATTERN.test(amount) && isPositive(amount) ? null : MSG.enterValidAmount;
  return transferProblem(amount, balance)?.text ?? null;
}
