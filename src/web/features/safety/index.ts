/** Screens of the safety capability: the safety center and the two password changes. */
export { LoginPasswordPage } from './LoginPasswordPage';
export { SafetyCenterPage } from './SafetyCenterPage';
export { TransactionPasswordPage } from './TransactionPasswordPage';
export { AntiPhishingPage } from './AntiPhishingPage';
export { WithdrawalAddressesPage } from './WithdrawalAddressesPage';
