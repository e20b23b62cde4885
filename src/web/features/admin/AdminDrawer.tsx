/**
 * The staff menu (docs/product.md section 2 "Admin screens"): Dashboard, Users, Books (the house's
 * books (docs/decisions/0018-house-books.md)), Settings and Logout. The items switch the console's view, kept in the address
 * (views.ts). On a phone it is this drawer; at a desk the side navigation (StaffDesk.tsx).
 */
import { LogoutButton } from '../../components/LogoutButton';
import { SideDrawer } from '../../components/Overlay';
import { useI18n } from '../../lib/i18n';
import { STAFF_MENU, useStaffViews } from './staff-menu';
import type { StaffView } from './views';

export function AdminDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useI18n();
  const views = useStaffViews();
  const openView = (view: StaffView) => {
    onClose();
    views.open(view);
  };
  return (
    <SideDrawer open={open} onClose={onClose} title={t('admin.title')} showTitle>
      <ul className="flex-1 px-2 py-2">
        {STAFF_MENU.map(({ view, label, Icon }) => (
          <li key={view}>
            <button
              type="button"
              onClick={() => openView(view)}
              aria-current={view === views.current ? 'page' : undefined}
              className="flex min-h-[52px] w-full items-center gap-3 rounded-xl px-3 text-left text-[15px] hover:bg-surface-2 aria-[current=page]:bg-primary/10 aria-[current=page]:text-primary"
            >
              <Icon size={22} />
              {t(label)}
            </button>
          </li>
        ))}
      </ul>
      <div className="border-t border-line px-2 py-2 pb-[max(0.5rem,env(safe-area-inset-bottom))]">
        <LogoutButton />
      </div>
    </SideDrawer>
  );
}
