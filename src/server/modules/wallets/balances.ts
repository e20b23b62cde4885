/** What a wallet list shows: the default currencies always (with '0'), then whatever else the user holds, A-Z. */
import { DEFAULT_WALLET_CURRENCIES, type WalletKind } from '../../../shared/constants.js';
import type { WalletList } from '../../../shared/api/wallet.js';
import type { Db, Queryable } from '../../db/database.js';
import { preparedWalletBalances, walletBalances } from '../ledger/index.js';

export async function listWallet(db: Queryable, userId: number, wallet: WalletKind): Promise<WalletList> {
  return walletListOf(await walletBalances(db, userId, wallet));
}

/** listWallet on a prepared statement: the wallet lists are polled every few seconds. */
export function preparedWalletList(db: Db): (userId: number, wallet: WalletKind) => Promise<WalletList> {
  const balancesOf = preparedWalletBalances(db);
  return async (userId, wallet) => walletListOf(await balancesOf(userId, wallet));
}

function walletListOf(held: Map<string, string>): WalletList {
  const defaults: string[] = [...DEFAULT_WALLET_CURRENCIES];
  const others = [...held.keys()].filter((currency) => !defaults.includes(currency)).sort();
  return [...defaults, ...others].map((currency) => ({ currency, balance: held.get(currency) ?? '0' }));
}
