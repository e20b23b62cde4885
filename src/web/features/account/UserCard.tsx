/** Who is logged in: name (or email), unique ID and verification status, freshest from /info. */
import { cx } from '../../components/cx';
import { useT } from '../../lib/i18n';
import { useSession } from '../../lib/use-session';
import { useUserInfo } from './api/user-info';

const BADGE: Record<string, string> = {
  verified: 'bg-up/15 text-up',
  pending: 'bg-warn/15 text-warn',
  rejected: 'bg-down/15 text-down',
  unverified: 'bg-surface-2 text-muted',
};

export function UserCard() {
  const { user } = useSession();
  const t = useT();
  const info = useUserInfo().data;
  const first = info?.first_name ?? user?.first_name ?? '';
  const last = info?.last_name ?? user?.last_name ?? '';
  const email = info?.email ?? user?.email ?? '';
  const name = `${first} ${last}`.trim() || email;
  const uniqueId = info?.uniqueid ?? user?.uniqueid ?? '';
  const status = info?.is_verified ?? user?.is_verified ?? 'unverified';
  const initials = (`${first.charAt(0)}${last.charAt(0)}` || email.charAt(0)).toUpperCase();

  return (
    <div className="flex items-center gap-3 px-5 pb-5 pt-[max(1.5rem,env(safe-area-inset-top))]">
      <span
        className="flex h-12 w-12 shrink-0 items-center justify-center rounded-full bg-primary text-lg font-semibold text-white"
        aria-hidden="true"
      >
        {initials}
      </span>
      <div className="min-w-0 flex-1">
        <p className="truncate text-[17px] font-semibold" data-testid="drawer-name">
          {name}
        </p>
        <p className="text-[13px] text-muted">
          {t('account.uid')} <span className="tabular-nums text-ink">{uniqueId}</span>
        </p>
        <span className={cx('mt-1 inline-block rounded-md px-2 py-0.5 text-xs font-medium', BADGE[status])}>
          {t(`drawer.verification.${status}`)}
        </span>
      </div>
    </div>
  );
}
