/**
 * /admin/dashboard as a whole: the staff menu's view from the address picks the Dashboard (Chats
 * and Requests tabs, DashboardView) or the Users, Books or Settings view.
 */
import { useSearchParams } from 'react-router';
import { BooksView } from './books/BooksView';
import { DashboardView } from './DashboardView';
import { SettingsView } from './settings/SettingsView';
import { StaffViewFrame } from './StaffViewFrame';
import { UsersView } from './users/UsersView';
import { staffViewOf } from './views';

export function AdminConsolePage() {
  const [params] = useSearchParams();
  const view = staffViewOf(params);
  if (view === 'users')
    return (
      <StaffViewFrame title="Users">
        <UsersView />
      </StaffViewFrame>
    );
  if (view === 'books')
    return (
      <StaffViewFrame title="Books">
        <BooksView />
      </StaffViewFrame>
    );
  if (view === 'settings')
    return (
      <StaffViewFrame title="Settings">
        <SettingsView />
      </StaffViewFrame>
    );
  return <DashboardView />;
}
