/** What a wallet list shows: the default currencies always (with '0'), then whatever else the user holds, A-Z. */
import { DEFAULT_WALLET_CURRENCIES, type WalletKind } from '../../../shared/constants.js';
import type { WalletList } from '../../../shared/api/wallet.js';
import type { Queryable } from '../../db/database.js';
import { walletBalances } from '../ledger/ledger.js';

export async function listWallet(db: Queryable, userId: number, wallet: WalletKind): Promise<WalletList> {
  const held = await walletBalances(db, userId, wallet);
  const defaults: string[] = [...DEFAULT_WALLET_CURRENCIES];
  const others = [...held.keys()].filter((currency) => !defaults.includes(currency)).sort();
  return [...defaults, ...others].map((currency) => ({ currency, balance: held.get(currency) ?? '0' }));
}
