/**
 * USD values of a wallet's balances. A zero balance is worth 0 whatever the price; a balance whose
 * price is unknown has no value (null) and is left out of the total, which then says so.
 */
import type { WalletList } from '../../../shared/api/wallet';
import { add, dec, isZero, usdtValue } from '../../../shared/money';

export interface ValuedAsset {
  currency: string;
  balance: string;
  /** In USDT (the app's dollar), exact to 8 places; null while the price is unknown. */
  usd: string | null;
}

export interface Valuation {
  assets: ValuedAsset[];
  total: string;
  /** Some balance has no price yet, so the total counts only the priced ones. */
  incomplete: boolean;
}

export function valueAssets(list: WalletList, prices: Record<string, string>): Valuation {
  let total = dec(0);
  let incomplete = false;
  const assets = list.map(({ currency, balance }): ValuedAsset => {
    const price = prices[currency];
    const usd = isZero(balance) ? '0' : price !== undefined ? usdtValue(balance, price) : null;
    if (usd === null) incomplete = true;
    else total = add(total, usd);
    return { currency, balance, usd };
  });
  return { assets, total: total.toFixed(), incomplete };
}
