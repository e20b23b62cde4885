/**
 * The staff menu's entries (docs/product.md section 2 "Admin screens"): Dashboard, Users, Books and
 * Settings, shown in the drawer on a phone and as the side navigation at a desk (docs/decisions/0041-staff-console-at-a-desk.md).
 */
import type { ComponentType, SVGProps } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { DashboardIcon, DepositIcon, LockIcon, SettingsIcon, UsersIcon, WalletIcon } from '../../components/icons';
import type { TextKey } from '../../lib/i18n';
import { PATHS } from '../../lib/paths';
import { BooksIcon } from './BooksIcon';
import { paramsOfView, staffViewOf, type StaffView } from './views';

type Icon = ComponentType<SVGProps<SVGSVGElement> & { size?: number }>;

export const STAFF_MENU: ReadonlyArray<{ view: StaffView; label: TextKey; Icon: Icon }> = [
  { view: 'dashboard', label: 'admin.menu.dashboard', Icon: DashboardIcon },
  { view: 'users', label: 'admin.menu.users', Icon: UsersIcon },
  { view: 'books', label: 'admin.menu.books', Icon: BooksIcon },
  // The fiat orders' queue (docs/decisions/0054-fiat-orders.md).
  { view: 'fiat', label: 'fiat.menu', Icon: DepositIcon },
  // Earn's lock-up products and maturities (docs/decisions/0052-earn.md).
  { view: 'earn', label: 'earn.staff.menu', Icon: LockIcon },
  // The chain against the books, the hot wallet and the withdrawal queue (docs/decisions/0065).
  { view: 'custody', label: 'custody.staff.menu', Icon: WalletIcon },
  { view: 'settings', label: 'admin.menu.settings', Icon: SettingsIcon },
];

/** The view shown now, and how to open another (its address replaces the console's). */
export function useStaffViews() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const open = (view: StaffView) => {
    const search = new URLSearchParams(paramsOfView(view)).toString();
    void navigate(`${PATHS.adminDashboard}${search ? `?${search}` : ''}`);
  };
  return { current: staffViewOf(params), open };
}
