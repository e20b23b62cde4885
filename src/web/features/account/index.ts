/** What other features may use of the account capability. */
export { AccountDrawer } from './AccountDrawer';
export { useUserInfo, userInfoQuery, VERIFICATION_LABEL } from './api';
