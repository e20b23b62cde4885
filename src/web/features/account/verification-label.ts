/** How each identity verification status reads on screen (docs/product.md section 2). */
import type { VerificationStatus } from '../../../shared/api/auth';

export const VERIFICATION_LABEL: Record<VerificationStatus, string> = {
  unverified: 'Unverified',
  pending: 'Under Review',
  verified: 'Verified',
  rejected: 'Rejected',
};
