/**
 * The staff console's Dashboard view: the top bar, the Chats and Requests tabs at the bottom and
 * the chosen tab's panels. The tab is kept in the address (?tab=requests) so a reload stays put.
 */
import { useSearchParams } from 'react-router';
import { cx } from '../../components/cx';
import { ChatIcon, InboxIcon } from '../../components/icons';
import { Screen } from '../../components/Screen';
import { UnverifiedUsersPanel } from '../identity';
import { ActiveChatsPanel } from '../support';
import { PendingTransactionsPanel } from '../wallet';
import { StaffTopBar } from './StaffTopBar';

const TABS = {
  chats: { label: 'Chats', heading: 'Active Chats', Icon: ChatIcon },
  requests: { label: 'Requests', heading: 'Pending Requests', Icon: InboxIcon },
} as const;
type Tab = keyof typeof TABS;

export function DashboardView() {
  const [params, setParams] = useSearchParams();
  const tab: Tab = params.get('tab') === 'requests' ? 'requests' : 'chats';

  return (
    <>
      <StaffTopBar title="Support Dashboard" />

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
    </>
  );
}
