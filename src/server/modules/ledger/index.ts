/** The ledger's public face: the only way other modules move money (the rest is internal). */
export {
  accountKeyId,
  credit,
  debit,
  lockAccounts,
  move,
  preparedWalletBalances,
  walletBalances,
  type AccountKey,
  type Posting,
} from './ledger.js';
