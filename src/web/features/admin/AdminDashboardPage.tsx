/**
 * The staff console frame: a top bar with the menu, the Chats and Requests tabs at the bottom.
 * The tab is kept in the address (?tab=requests) so a reload stays put. Tab contents come later.
 */
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { cx } from '../../components/cx';
import { ChatIcon, InboxIcon, MenuIcon, MoonIcon, SunIcon } from '../../components/icons';
import { Screen } from '../../components/Screen';
import { useTheme } from '../../lib/theme';
import { UnverifiedUsersPanel } from '../identity';
import { ActiveChatsPanel } from '../support';
import { PendingTransactionsPanel } from '../wallet';
import { AdminDrawer } from './AdminDrawer';

const TABS = {
  chats: { label: 'Chats', heading: 'Active Chats', Icon: ChatIcon },
  requests: { label: 'Requests', heading: 'Pending Requests', Icon: InboxIcon },
} as const;
type Tab = keyof typeof TABS;

export function AdminDashboardPage() {
  const [params, setParams] = useSearchParams();
  const tab: Tab = params.get('tab') === 'requests' ? 'requests' : 'chats';
  const [menuOpen, setMenuOpen] = useState(false);
  const { theme, toggleTheme } = useTheme();

  return (
    <>
      <header className="sticky top-0 z-20 flex h-14 items-center gap-1 border-b border-line bg-surface/95 px-1 backdrop-blur">
        <button
          type="button"
          onClick={() => setMenuOpen(true)}
          aria-label="Open menu"
          aria-haspopup="dialog"
          aria-expanded={menuOpen}
          className="flex h-touch w-touch items-center justify-center rounded-full hover:bg-surface-2"
        >
          <MenuIcon />
        </button>
        <p className="flex-1 text-[17px] font-semibold">Support Dashboard</p>
        <button
          type="button"
          onClick={toggleTheme}
          aria-label={theme === 'dark' ? 'Switch to light mode' : 'Switch to dark mode'}
          className="flex h-touch w-touch items-center justify-center rounded-full text-muted hover:bg-surface-2 hover:text-ink"
        >
          {theme === 'dark' ? <SunIcon size={22} /> : <MoonIcon size={22} />}
        </button>
      </header>

      <Screen className="pb-[calc(60px+env(safe-area-inset-bottom)+1.5rem)]">
        <section id="admin-tab-panel" role="tabpanel" aria-labelledby={`admin-tab-${tab}`}>
          <h1 className="mt-4 text-xl font-bold">{TABS[tab].heading}</h1>
          {tab === 'chats' && <ActiveChatsPanel />}
          {tab === 'requests' && (
            <>
              <PendingTransactionsPanel />
              <UnverifiedUsersPanel />
            </>
          )}
        </section>
      </Screen>

      <nav
        aria-label="Dashboard"
        className="fixed inset-x-0 bottom-0 z-30 mx-auto max-w-app border-t border-line bg-surface/95 pb-[env(safe-area-inset-bottom)] backdrop-blur"
      >
        <div role="tablist" className="grid grid-cols-2">
          {(Object.keys(TABS) as Tab[]).map((key) => {
            const { label, Icon } = TABS[key];
            const selected = key === tab;
            return (
              <button
                key={key}
                type="button"
                role="tab"
                id={`admin-tab-${key}`}
                aria-controls="admin-tab-panel"
                aria-selected={selected}
                onClick={() => setParams(key === 'chats' ? {} : { tab: key }, { replace: true })}
                className={cx(
                  'flex h-[60px] flex-col items-center justify-center gap-1 text-[11px] font-medium',
                  selected ? 'text-primary' : 'text-muted hover:text-ink',
                )}
              >
                <Icon size={22} strokeWidth={selected ? 2.2 : 1.8} />
                {label}
              </button>
            );
          })}
        </div>
      </nav>

      <AdminDrawer open={menuOpen} onClose={() => setMenuOpen(false)} />
    </>
  );
}
