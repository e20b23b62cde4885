/** Screens of the identity capability (loaded as one chunk), and its part of the staff Requests tab. */
export { BasicInfoPage } from './BasicInfoPage';
export { IdentityVerificationPage } from './IdentityVerificationPage';
export { UnverifiedUsersPanel } from './UnverifiedUsersPanel';
export { UnverifiedUsersTable } from './UnverifiedUsersTable';
