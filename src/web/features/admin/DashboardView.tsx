/**
 * The staff console's Dashboard view: the top bar, the Chats and Requests tabs at the bottom and
 * the chosen tab's panels. The tab is kept in the address (?tab=requests) so a reload stays put.
 * At a desk (docs/decisions/0041-staff-console-at-a-desk.md) the tabs sit on top, Requests shows tables and Chats the list beside the open
 * conversation (?chat= the chat key).
 */
import { useSearchParams } from 'react-router';
import { parseChatKey } from '../../../shared/api/support';
import { cx } from '../../components/cx';
import { ChatIcon, InboxIcon } from '../../components/icons';
import { Screen } from '../../components/Screen';
import { useI18n } from '../../lib/i18n';
import { useDesk } from '../../lib/use-desk';
import { UnverifiedUsersPanel, UnverifiedUsersTable } from '../identity';
import { ActiveChatsPanel, AdminConversation, deskChatPath } from '../support';
import { PendingTransactionsPanel, PendingTransactionsTable } from '../wallet';
import { StaffTopBar } from './StaffTopBar';
import { ChatUserContext } from './users/ChatUserContext';

const TABS = {
  chats: { label: 'admin.dashboard.chats', heading: 'admin.dashboard.chatsHeading', Icon: ChatIcon },
  requests: { label: 'admin.dashboard.requests', heading: 'admin.dashboard.requestsHeading', Icon: InboxIcon },
} as const;
type Tab = keyof typeof TABS;

function TabList({ tab, onTab, desk }: { tab: Tab; onTab: (tab: Tab) => void; desk: boolean }) {
  const { t } = useI18n();
  return (
    <div role="tablist" className={desk ? 'flex gap-1 rounded-xl bg-surface-2 p-1' : 'grid grid-cols-2'}>
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
            onClick={() => onTab(key)}
            className={cx(
              desk
                ? 'flex h-10 items-center gap-2 rounded-lg px-4 text-sm font-semibold'
                : 'flex h-[60px] flex-col items-center justify-center gap-1 text-[11px] font-medium',
              desk && selected && 'bg-surface shadow-card',
              selected ? 'text-primary' : 'text-muted hover:text-ink',
            )}
          >
            <Icon size={desk ? 18 : 22} strokeWidth={selected ? 2.2 : 1.8} />
            {t(label)}
          </button>
        );
      })}
    </div>
  );
}

export function DashboardView() {
  const [params, setParams] = useSearchParams();
  const desk = useDesk();
  const { t } = useI18n();
  const tab: Tab = params.get('tab') === 'requests' ? 'requests' : 'chats';
  const onTab = (key: Tab) => setParams(key === 'chats' ? {} : { tab: key }, { replace: true });

  if (desk) return <DeskDashboard tab={tab} onTab={onTab} chatKey={params.get('chat')} />;

  return (
    <>
      <StaffTopBar title={t('admin.title')} />

      <Screen className="pb-[calc(60px+env(safe-area-inset-bottom)+1.5rem)]">
        <section id="admin-tab-panel" role="tabpanel" aria-labelledby={`admin-tab-${tab}`}>
          <h1 className="mt-4 text-xl font-bold">{t(TABS[tab].heading)}</h1>
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
        aria-label={t('admin.dashboard.nav')}
        className="fixed inset-x-0 bottom-0 z-30 mx-auto max-w-app border-t border-line bg-surface/95 pb-[env(safe-area-inset-bottom)] backdrop-blur"
      >
        <TabList tab={tab} onTab={onTab} desk={false} />
      </nav>
    </>
  );
}

/** The Dashboard at a desk: tabs on top; Requests as tables, Chats as two panes. */
function DeskDashboard({ tab, onTab, chatKey }: { tab: Tab; onTab: (tab: Tab) => void; chatKey: string | null }) {
  const chatUser = chatKey ? parseChatKey(chatKey)?.user_id : undefined;
  const [, setParams] = useSearchParams();
  const { t } = useI18n();
  return (
    <>
      <StaffTopBar title={t('admin.title')} />
      <div className="flex items-center justify-between gap-4 px-8 pt-6">
        <h1 className="text-xl font-bold">{t(TABS[tab].heading)}</h1>
        <nav aria-label={t('admin.dashboard.nav')}>
          <TabList tab={tab} onTab={onTab} desk />
        </nav>
      </div>
      <section
        id="admin-tab-panel"
        role="tabpanel"
        aria-labelledby={`admin-tab-${tab}`}
        className="flex min-h-0 flex-1 flex-col px-8 pb-8"
      >
        {tab === 'requests' ? (
          <>
            <PendingTransactionsTable />
            <UnverifiedUsersTable />
          </>
        ) : (
          <div className="mt-4 grid min-h-0 flex-1 grid-cols-[16rem_minmax(0,1fr)_17rem] gap-5">
            <div className="-m-1 h-[calc(100dvh-11rem)] overflow-y-auto p-1">
              <ActiveChatsPanel column linkTo={deskChatPath} selected={chatKey ?? undefined} />
            </div>
            <div className="h-[calc(100dvh-11rem)] overflow-hidden rounded-2xl bg-surface shadow-card">
              {chatKey ? (
                <AdminConversation
                  key={chatKey}
                  chatKey={chatKey}
                  className="h-full"
                  onEnded={() => setParams({}, { replace: true })}
                />
              ) : (
                <p className="flex h-full items-center justify-center px-6 text-center text-sm text-muted">
                  {t('admin.dashboard.chooseChat')}
                </p>
              )}
            </div>
            {/* Who staff are talking to, beside the conversation (docs/decisions/0041). */}
            <div className="-m-1 h-[calc(100dvh-11rem)] overflow-y-auto p-1">
              {chatUser !== undefined && <ChatUserContext key={chatUser} userId={chatUser} />}
            </div>
          </div>
        )}
      </section>
    </>
  );
}
