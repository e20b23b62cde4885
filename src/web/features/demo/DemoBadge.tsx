/** The DEMO mark on every screen of a demo account (docs/decisions/0063-demo-accounts.md): a strip atop the app frame. */
import { useT } from '../../lib/i18n';
import { useSession } from '../../lib/use-session';

export function DemoBadge() {
  const t = useT();
  const { loggedIn, user } = useSession();
  if (!loggedIn || user?.is_demo !== true) return null;
  return (
    <div
      data-testid="demo-badge"
      className="sticky top-0 z-40 flex items-center justify-center gap-2 bg-warn px-3 py-1 text-xs text-black"
    >
      <span className="rounded bg-black px-1.5 py-px font-bold tracking-wider text-warn">{t('demo.badge')}</span>
      <span className="truncate font-medium">{t('demo.badgeHint')}</span>
    </div>
  );
}
