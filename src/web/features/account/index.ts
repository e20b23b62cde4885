/** What other features may use of the account capability. */
export { AccountDrawer } from './AccountDrawer';
export { useUserInfo, userInfoQuery } from './api/user-info';
export { VERIFICATION_LABEL } from './verification-label';
