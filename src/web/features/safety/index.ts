/** Screens of the safety capability: the safety center and the two password changes. */
export { LoginPasswordPage } from './LoginPasswordPage';
export { SafetyCenterPage } from './SafetyCenterPage';
export { SessionsPage } from './SessionsPage';
export { TransactionPasswordPage } from './TransactionPasswordPage';
