/** Screens of the wallet capability (loaded as one chunk), and the staff's Pending Transactions panel. */
export { AssetDetailPage } from './AssetDetailPage';
export { AssetsPage } from './AssetsPage';
export { ConvertPage } from './ConvertPage';
export { DepositPage } from './DepositPage';
export { EntrustmentHistoryPage } from './EntrustmentHistoryPage';
export { PendingTransactionsPanel } from './PendingTransactionsPanel';
export { PendingTransactionsTable } from './PendingTransactionsTable';
export { TransferPage } from './TransferPage';
export { WithdrawalPage } from './WithdrawalPage';
export { WithdrawalStatusPage } from './WithdrawalStatusPage';
