/** How each identity verification status reads on screen (docs/product.md section 2). */
import type { VerificationStatus } from '../../../shared/api/auth';
import type { TextKey } from '../../lib/i18n';

/** The catalog text of each status (locales/<code>/drawer.json): show it with t(VERIFICATION_KEY[status]). */
export const VERIFICATION_KEY: Record<VerificationStatus, TextKey> = {
  unverified: 'drawer.verification.unverified',
  pending: 'drawer.verification.pending',
  verified: 'drawer.verification.verified',
  rejected: 'drawer.verification.rejected',
};
