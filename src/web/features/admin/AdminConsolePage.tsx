/**
 * /admin/dashboard as a whole: the staff menu's view from the address picks the Dashboard (Chats
 * and Requests tabs, DashboardView) or the Users, Books or Settings view; at a desk beside the side
 * navigation (StaffDesk).
 */
import { useSearchParams } from 'react-router';
import { useI18n } from '../../lib/i18n';
import { BooksView } from './books/BooksView';
import { CustodyView } from './custody/CustodyView';
import { EarnView } from './earn/EarnView';
import { FiatOrdersView } from './fiat/FiatOrdersView';
import { DashboardView } from './DashboardView';
import { SettingsView } from './settings/SettingsView';
import { StaffDesk } from './StaffDesk';
import { StaffViewFrame } from './StaffViewFrame';
import { UsersView } from './users/UsersView';
import { staffViewOf } from './views';

export function AdminConsolePage() {
  return (
    <StaffDesk>
      <ConsoleView />
    </StaffDesk>
  );
}

function ConsoleView() {
  const [params] = useSearchParams();
  const { t } = useI18n();
  const view = staffViewOf(params);
  if (view === 'users')
    return (
      <StaffViewFrame title={t('admin.menu.users')} wide>
        <UsersView />
      </StaffViewFrame>
    );
  if (view === 'books')
    return (
      <StaffViewFrame title={t('admin.menu.books')}>
        <BooksView />
      </StaffViewFrame>
    );
  if (view === 'fiat')
    return (
      <StaffViewFrame title={t('fiat.menu')} wide>
        <FiatOrdersView />
      </StaffViewFrame>
    );
  if (view === 'earn')
    return (
      <StaffViewFrame title={t('earn.staff.menu')}>
        <EarnView />
      </StaffViewFrame>
    );
  if (view === 'custody')
    return (
      <StaffViewFrame title={t('custody.staff.menu')}>
        <CustodyView />
      </StaffViewFrame>
    );
  if (view === 'settings')
    return (
      <StaffViewFrame title={t('admin.menu.settings')}>
        <SettingsView />
      </StaffViewFrame>
    );
  return <DashboardView />;
}
