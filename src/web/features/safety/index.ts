/** Screens of the safety capability: the safety center and the two password changes. */
export { LoginPasswordPage } from './LoginPasswordPage';
export { SafetyCenterPage } from './SafetyCenterPage';
export { TransactionPasswordPage } from './TransactionPasswordPage';
