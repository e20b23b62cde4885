/** Screens of the identity capability (loaded as one chunk). */
export { BasicInfoPage } from './BasicInfoPage';
export { IdentityVerificationPage } from './IdentityVerificationPage';
