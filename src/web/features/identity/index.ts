/** Screens of the identity capability (loaded as one chunk), and its part of the staff Requests tab. */
export { BasicInfoPage } from './BasicInfoPage';
export { IdentityVerificationPage } from './IdentityVerificationPage';
export { UnverifiedUsersPanel } from './UnverifiedUsersPanel';
export { UnverifiedUsersTable } from './UnverifiedUsersTable';
export { UNVERIFIED_USERS_KEY } from './api/unverified-users';
