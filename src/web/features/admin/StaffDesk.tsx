/**
 * The staff console at a desk (docs/architecture.md "Staff console at a desk"): at 1024 px
 * and wider the drawer's entries stay visible as a side navigation beside the view. On a phone the
 * children are shown as they are (the drawer opens from the top bar's menu button).
 */
import type { ReactNode } from 'react';
import { LogoutButton } from '../../components/LogoutButton';
import { useDesk } from '../../lib/use-desk';
import { useI18n } from '../../lib/i18n';
import { STAFF_MENU, useStaffViews } from './staff-menu';

export function StaffDesk({ children }: { children: ReactNode }) {
  const desk = useDesk();
  if (!desk) return <>{children}</>;
  return (
    <div className="flex min-h-dvh">
      <StaffSideNav />
      <div className="flex min-w-0 flex-1 flex-col">{children}</div>
    </div>
  );
}

function StaffSideNav() {
  const { t } = useI18n();
  const views = useStaffViews();
  return (
    <nav
      aria-label={t('admin.menu.label')}
      className="sticky top-0 flex h-dvh w-60 shrink-0 flex-col border-r border-line bg-surface"
    >
      <p className="flex h-14 items-center border-b border-line px-5 text-[17px] font-semibold">{t('admin.title')}</p>
      <ul className="flex-1 px-2 py-2">
        {STAFF_MENU.map(({ view, label, Icon }) => (
          <li key={view}>
            <button
              type="button"
              onClick={() => views.open(view)}
              aria-current={view === views.current ? 'page' : undefined}
              className="flex min-h-[44px] w-full items-center gap-3 rounded-xl px-3 text-left text-[15px] hover:bg-surface-2 aria-[current=page]:bg-primary/10 aria-[current=page]:font-medium aria-[current=page]:text-primary"
            >
              <Icon size={20} />
              {t(label)}
            </button>
          </li>
        ))}
      </ul>
      <div className="border-t border-line px-2 py-2">
        <LogoutButton desk />
      </div>
    </nav>
  );
}
