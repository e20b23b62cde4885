/**
 * The staff dashboard's Chats tab (docs/product.md section 2 "Admin screens"): a card per open chat with
 * the user's name, the message count, when it started and the latest words, polled every 5 s.
 * A card opens /admin/chat/{chat key}; at a desk (docs/decisions/0043-languages.md) the list is one column beside the open
 * conversation, and a card opens it there (`linkTo`, the open one marked by `selected`).
 */
import { Link } from 'react-router';
import { cx } from '../../components/cx';
import { ADMIN_CHAT_LIST_POLL_MS } from '../../../shared/constants';
import { MSG } from '../../../shared/messages';
import { LoadMore } from '../../components/LoadMore';
import { Notice } from '../../components/Notice';
import { Spinner } from '../../components/Spinner';
import { errorMessage } from '../../lib/api';
import { useI18n } from '../../lib/i18n';
import { PATHS } from '../../lib/paths';
import { useMessageTime } from './message-time';
import { useOpenChats } from './api/open-chats';
import { chatCards } from './chat-key';
import { useChatPush } from './api/chat-push';

export function ActiveChatsPanel({
  linkTo = PATHS.adminChat,
  selected,
  column = false,
}: {
  linkTo?: (chatKey: string) => string;
  selected?: string;
  /** One card a row (a desk's list pane) instead of the phone's grid. */
  column?: boolean;
} = {}) {
  useChatPush();
  const { t, plural, message } = useI18n();
  const messageTime = useMessageTime();
  const chats = useOpenChats(ADMIN_CHAT_LIST_POLL_MS);
  const cards = chats.data ? chatCards(chats.data) : [];

  if (chats.isPending) return <Spinner label={t('support.admin.loadingChats')} />;
  if (chats.isError) {
    return (
      <Notice tone="error" className="mt-4">
        {message(errorMessage(chats.error, MSG.somethingWentWrong))}
      </Notice>
    );
  }
  if (cards.length === 0) {
    return (
      <p className="mt-4 rounded-2xl bg-surface px-4 py-10 text-center text-sm text-muted shadow-card">
        {message(MSG.noActiveChats)}
      </p>
    );
  }
  return (
    <>
      <ul
        className={cx('grid gap-3', column ? 'grid-cols-1' : 'mt-4 grid-cols-[repeat(auto-fill,minmax(160px,1fr))]')}
        aria-label={t('support.admin.activeChats')}
      >
        {cards.map((card) => (
          <li key={card.key}>
            <Link
              to={linkTo(card.key)}
              aria-current={selected === card.key ? 'page' : undefined}
              className={cx(
                'flex h-full flex-col gap-1.5 rounded-2xl bg-surface p-3.5 shadow-card hover:bg-surface-2 aria-[current=page]:ring-2 aria-[current=page]:ring-primary',
                column ? 'min-h-[96px]' : 'min-h-[120px]',
              )}
            >
              <span className="flex items-start justify-between gap-2">
                <span className="min-w-0 truncate text-[15px] font-semibold">{card.title}</span>
                <span
                  className="shrink-0 rounded-full bg-primary/10 px-2 py-0.5 text-xs font-semibold text-primary"
                  aria-label={plural('support.admin.messageCount', card.messageCount)}
                >
                  {card.messageCount}
                </span>
              </span>
              {card.startedAt && (
                <time dateTime={card.startedAt} className="text-xs text-muted">
                  {messageTime(card.startedAt)}
                </time>
              )}
              <span className="line-clamp-2 break-words text-sm text-muted">{card.preview}</span>
            </Link>
          </li>
        ))}
      </ul>
      <LoadMore query={chats} label={t('support.admin.loadMore')} />
    </>
  );
}
