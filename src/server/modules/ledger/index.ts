/** The ledger's public face: the only way other modules move money (the rest is internal). */
export {
  accountKeyId,
  house,
  LEVER_WALLET_CHANGED,
  lockAccounts,
  move,
  post,
  preparedWalletBalances,
  walletBalances,
  type AccountKey,
  type HouseKey,
  type Leg,
  type LedgerWallet,
  type Posting,
} from './ledger.js';
export { readBooks } from './books.js';
export { checkLedgerRules, rowsOf, type LedgerMismatch, type LedgerReport, type LedgerRule } from './check.js';
