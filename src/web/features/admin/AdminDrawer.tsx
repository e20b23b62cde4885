/**
 * The staff menu (docs/product.md section 2 "Admin screens"): Dashboard, Users, Books (the house's
 * books of issue 15), Settings and Logout. The items switch the console's view, kept in the address
 * (views.ts).
 */
import type { ComponentType, SVGProps } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { DashboardIcon, LogoutIcon, SettingsIcon, UsersIcon } from '../../components/icons';
import { SideDrawer } from '../../components/Overlay';
import { BooksIcon } from './BooksIcon';
import { PATHS } from '../../lib/paths';
import { useLogout } from '../../lib/use-session';
import { paramsOfView, staffViewOf, type StaffView } from './views';

type Icon = ComponentType<SVGProps<SVGSVGElement> & { size?: number }>;

const ITEMS: Array<{ view: StaffView; label: string; Icon: Icon }> = [
  { view: 'dashboard', label: 'Dashboard', Icon: DashboardIcon },
  { view: 'users', label: 'Users', Icon: UsersIcon },
  { view: 'books', label: 'Books', Icon: BooksIcon },
  { view: 'settings', label: 'Settings', Icon: SettingsIcon },
];

export function AdminDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const logout = useLogout();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const current = staffViewOf(params);
  const openView = (view: StaffView) => {
    onClose();
    const search = new URLSearchParams(paramsOfView(view)).toString();
    void navigate(`${PATHS.adminDashboard}${search ? `?${search}` : ''}`);
  };
  return (
    <SideDrawer open={open} onClose={onClose} title="Support Dashboard" showTitle>
      <ul className="flex-1 px-2 py-2">
        {ITEMS.map(({ view, label, Icon }) => (
          <li key={view}>
            <button
              type="button"
              onClick={() => openView(view)}
              aria-current={view === current ? 'page' : undefined}
              className="flex min-h-[52px] w-full items-center gap-3 rounded-xl px-3 text-left text-[15px] hover:bg-surface-2 aria-[current=page]:bg-primary/10 aria-[current=page]:text-primary"
            >
              <Icon size={22} />
              {label}
            </button>
          </li>
        ))}
      </ul>
      <div className="border-t border-line px-2 py-2 pb-[max(0.5rem,env(safe-area-inset-bottom))]">
        <button
          type="button"
          onClick={logout}
          className="flex min-h-[52px] w-full items-center gap-3 rounded-xl px-3 text-[15px] font-medium text-down hover:bg-down/10"
        >
          <LogoutIcon size={22} />
          Logout
        </button>
      </div>
    </SideDrawer>
  );
}
