/** What other features may use of the account capability. */
export { AccountDrawer } from './AccountDrawer';
/** /profile, from the drawer (docs/decisions/0043-languages.md). */
export { ProfilePage } from './ProfilePage';
export { useUserInfo, userInfoQuery } from './api/user-info';
export { VERIFICATION_KEY } from './verification-label';
