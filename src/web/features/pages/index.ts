/** Static and informational screens (loaded as one chunk). */
export { AboutUsPage } from './AboutUsPage';
export { ImportantNoticePage } from './ImportantNoticePage';
export { LegalCurrencyPage } from './LegalCurrencyPage';
export { LockUpPage } from './LockUpPage';
export { SharingLinkPage } from './SharingLinkPage';
