/** Screens of the wallet capability (loaded as one chunk). */
export { AssetDetailPage } from './AssetDetailPage';
export { AssetsPage } from './AssetsPage';
export { DepositPage } from './DepositPage';
export { EntrustmentHistoryPage } from './EntrustmentHistoryPage';
export { TransferPage } from './TransferPage';
export { WithdrawalPage } from './WithdrawalPage';
