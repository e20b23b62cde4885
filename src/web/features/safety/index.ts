/** Screens of the safety capability: the safety center, the two password changes and passkeys. */
export { LoginPasswordPage } from './LoginPasswordPage';
export { PasskeysPage } from './PasskeysPage';
export { SafetyCenterPage } from './SafetyCenterPage';
export { TransactionPasswordPage } from './TransactionPasswordPage';
