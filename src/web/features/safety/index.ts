/** Screens of the safety capability: the safety center, the two password changes and passkeys. */
export { LoginPasswordPage } from './LoginPasswordPage';
export { PasskeysPage } from './PasskeysPage';
export { SafetyCenterPage } from './SafetyCenterPage';
export { SessionsPage } from './SessionsPage';
export { TransactionPasswordPage } from './TransactionPasswordPage';
export { TwoFactorPage } from './TwoFactorPage';
/** Whether the user has 2FA on (the withdrawal form asks for the code then). */
export { useTwoFactorStatus } from './api/two-factor';
export { useSecurityStatus } from './api/protection';
export { AntiPhishingPage } from './AntiPhishingPage';
export { WithdrawalAddressesPage } from './WithdrawalAddressesPage';
export { ApiKeysPage } from './ApiKeysPage';
export { ProofOfReservesPage } from './ProofOfReservesPage';
