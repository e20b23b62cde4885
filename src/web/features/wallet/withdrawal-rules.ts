/**
 * The withdrawal form's rules (docs/product.md 5), from the shared schema and money rule the server uses:
 * address, amount, transaction password, then the 50 USDT minimum and the balance. Also the
 * figures the form shows: USDT value, 1 % fee, arrival amount.
 */
import { withdrawalBody, withdrawalProblem } from '../../../shared/api/wallet';
import {
  AMOUNT_PATTERN,
  isPositive,
  toAmount,
  usdtValue,
  withdrawalArrival,
  withdrawalFee,
} from '../../../shared/money';
import { fieldErrorsOf, type FieldErrors } from '../../lib/forms';
import { i18n } from '../../lib/i18n';

export interface WithdrawalValues {
  address: string;
  /** The picked network (docs/decisions/0029-withdrawal-networks.md); '' lets the address decide (src/shared/addresses.ts). */
  network?: string;
  amount: string;
  allAmount: boolean;
  password: string;
}

export interface WithdrawalFacts {
  currency: string;
  /** undefined: not known yet; the server checks the money rules then. */
  balance: string | undefined;
  /** The coin's price in USDT; undefined while the market has none. */
  price: string | undefined;
}

/** The amount that would leave: the whole balance with 'all' (8 places, as the server rounds). */
export function withdrawalAmount(values: Pick<WithdrawalValues, 'amount' | 'allAmount'>, balance: string | undefined) {
  if (values.allAmount) return balance === undefined ? '' : toAmount(balance);
  return values.amount.trim();
}

/** Messages by field: address, amount, transaction_password. Empty when the form may be sent. */
export function withdrawalErrors(values: WithdrawalValues, facts: WithdrawalFacts): FieldErrors {
  const parsed = withdrawalBody.safeParse({
    address: values.address,
    amount: values.amount,
    all_amount: values.allAmount,
    transaction_password: values.password,
    currency: facts.currency,
    ...(values.network ? { network: values.network } : {}),
  });
  const errors = parsed.success ? {} : fieldErrorsOf(parsed.error);
  if (!errors.amount && facts.balance !== undefined && facts.price !== undefined) {
    const problem = withdrawalProblem({
      amount: withdrawalAmount(values, facts.balance),
      allAmount: values.allAmount,
      balance: facts.balance,
      price: facts.price,
      currency: facts.currency,
    });
    // Shown like the schema's messages: by its code, in the language picked (docs/decisions/0076).
    if (problem) errors.amount = i18n.message(problem);
  }
  return errors;
}

export interface WithdrawalQuote {
  usdtValue: string | null;
  fee: string;
  arrival: string;
}

export function withdrawalQuote(amount: string, price: string | undefined): WithdrawalQuote {
  if (!AMOUNT_PATTERN.test(amount) || !isPositive(amount)) return { usdtValue: null, fee: '0', arrival: '0' };
  return {
    usdtValue: price === undefined ? null : usdtValue(amount, price),
    fee: withdrawalFee(amount),
    arrival: withdrawalArrival(amount),
  };
}
