/** Screens of the safety capability: the safety center and the two password changes. */
export { LoginPasswordPage } from './LoginPasswordPage';
export { SafetyCenterPage } from './SafetyCenterPage';
export { TransactionPasswordPage } from './TransactionPasswordPage';
export { TwoFactorPage } from './TwoFactorPage';
/** Whether the user has 2FA on (the withdrawal form asks for the code then). */
export { useTwoFactorStatus } from './api/two-factor';
