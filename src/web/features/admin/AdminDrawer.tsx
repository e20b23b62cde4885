/** The staff menu (SPEC.md section 2 "Admin screens"): Dashboard, Users, Settings and Logout. */
import type { ComponentType, SVGProps } from 'react';
import { DashboardIcon, LogoutIcon, SettingsIcon, UsersIcon } from '../../components/icons';
import { SideDrawer } from '../../components/Overlay';
import { useLogout } from '../../lib/use-session';

type Icon = ComponentType<SVGProps<SVGSVGElement> & { size?: number }>;

// SPEC.md does not show what Users and Settings do yet; until it does they close the menu.
const ITEMS: Array<{ label: string; Icon: Icon }> = [
  { label: 'Dashboard', Icon: DashboardIcon },
  { label: 'Users', Icon: UsersIcon },
  { label: 'Settings', Icon: SettingsIcon },
];

export function AdminDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const logout = useLogout();
  return (
    <SideDrawer open={open} onClose={onClose} title="Support Dashboard" showTitle>
      <ul className="flex-1 px-2 py-2">
        {ITEMS.map(({ label, Icon }) => (
          <li key={label}>
            <button
              type="button"
              onClick={onClose}
              aria-current={label === 'Dashboard' ? 'page' : undefined}
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
