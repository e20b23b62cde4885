/** A user's verification status as a small coloured label. */
import type { VerificationStatus } from '../../../shared/api/auth';
import { cx } from '../../components/cx';
import { useI18n } from '../../lib/i18n';

const TONE: Record<VerificationStatus, string> = {
  verified: 'bg-up/10 text-up',
  pending: 'bg-warn/15 text-[#8A5A00] dark:text-warn',
  rejected: 'bg-down/10 text-down',
  unverified: 'bg-surface-2 text-muted',
};

export function VerificationBadge({ status }: { status: VerificationStatus }) {
  const { t } = useI18n();
  return (
    <span className={cx('inline-flex shrink-0 rounded-full px-2 py-0.5 text-xs font-medium', TONE[status])}>
      {t(`drawer.verification.${status}`)}
    </span>
  );
}
