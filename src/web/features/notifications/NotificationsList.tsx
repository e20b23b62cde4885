/**
 * The list behind Home's bell (docs/decisions/0034-notifications.md): the bonus schedule first (docs/product.md
 * section 2 puts it behind the bell; it stays one tap away), then the user's notifications, newest
 * first, older pages on demand. Opening the list marks what it shows read (docs/decisions/0034):
 * the badge goes, and the items that were unread keep their "New" mark while the list is open.
 * Each shows in the language picked: its kind's texts with its params (docs/decisions/0044), else
 * the English it was stored with.
 */
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { notificationTextKeys, type NotificationItem } from '../../../shared/api/notifications';
import { Button } from '../../components/Button';
import { ChevronRightIcon } from '../../components/icons';
import { Spinner } from '../../components/Spinner';
import { formatMessageTime } from '../../lib/datetime';
import { useI18n } from '../../lib/i18n';
import { pairPathOf } from '../../lib/paths';
import { fetchNotifications, useMarkRead, useNotifications } from './api';

/** Params that are numbers the server formatted: shown with the language's decimal separator. */
const NUMBER_PARAMS = ['amount', 'hands', 'price', 'profitLoss', 'value', 'change'];

/** A notification's title and body in the language shown (English: as stored). */
function useNotificationText() {
  const { language, message, number } = useI18n();
  return (n: NotificationItem): { title: string; body: string } => {
    if (language === 'en') return { title: n.title, body: n.body };
    if (!n.params) return { title: message(n.title), body: message(n.body) };
    const keys = notificationTextKeys(n.kind, n.params);
    if (!keys) return { title: message(n.title), body: message(n.body) };
    const params = Object.fromEntries(
      Object.entries(n.params).map(([name, value]) => [name, NUMBER_PARAMS.includes(name) ? number(value) : value]),
    );
    return {
      title: message(n.title, { code: `notifications.${keys.title}`, params }),
      body: keys.body === null ? n.body : message(n.body, { code: `notifications.${keys.body}`, params }),
    };
  };
}

/**
 * The page a notification opens: a price alert its pair, any other what the server says it is about
 * (docs/decisions/0062-money-screens.md: the withdrawal, the chat, the position), or null.
 */
const linkOf = (n: NotificationItem) =>
  (n.kind === 'price_alert' && n.params?.symbol ? pairPathOf(n.params.symbol) : null) ?? n.target ?? null;

/** English keeps the app's numeric '14:05' / '03-01 14:05'; another language its Intl time, or date and time. */
function useShownTime() {
  const { language, time, dateTime } = useI18n();
  if (language === 'en') return formatMessageTime;
  return (iso: string) => (new Date(iso).toDateString() === new Date().toDateString() ? time(iso) : dateTime(iso));
}

export function NotificationsList({ onOpenBonusSchedule }: { onOpenBonusSchedule: () => void }) {
  const { t } = useI18n();
  const textOf = useNotificationText();
  const shownTime = useShownTime();
  const first = useNotifications();
  const markRead = useMarkRead();
  const [older, setOlder] = useState<{ items: NotificationItem[]; next: number | null } | null>(null);
  const [loadingMore, setLoadingMore] = useState(false);
  /** Unread when this list showed them: they keep their mark until it closes. */
  const [fresh, setFresh] = useState<ReadonlySet<number>>(new Set());
  const items = [...(first.data?.results ?? []), ...(older?.items ?? [])];
  const next = older ? older.next : (first.data?.next ?? null);

  const unreadShown = items.filter((n) => !n.read).map((n) => n.id);
  const unreadKey = unreadShown.join(',');
  const { mutate } = markRead;
  useEffect(() => {
    if (unreadKey === '') return;
    const ids = unreadKey.split(',').map(Number);
    mutate({ ids }, { onSuccess: () => setFresh((shown) => new Set([...shown, ...ids])) });
  }, [unreadKey, mutate]);

  const loadMore = async () => {
    if (next === null) return;
    setLoadingMore(true);
    try {
      const page = await fetchNotifications(next);
      setOlder({ items: [...(older?.items ?? []), ...page.results], next: page.next });
    } finally {
      setLoadingMore(false);
    }
  };

  return (
    <div className="space-y-3 pb-2">
      <button
        type="button"
        onClick={onOpenBonusSchedule}
        className="flex min-h-touch w-full items-center justify-between rounded-2xl bg-surface-2 px-4 py-3 text-left text-[15px] font-semibold hover:bg-line"
      >
        {t('notifications.bonusSchedule')}
        <ChevronRightIcon size={18} className="text-muted" />
      </button>
      {first.isPending && first.fetchStatus !== 'idle' ? (
        <Spinner label={t('notifications.title')} />
      ) : first.isError ? (
        <p role="alert" className="py-6 text-center text-sm text-down">
          {t('notifications.loadFailed')}
        </p>
      ) : items.length === 0 ? (
        <p className="py-6 text-center text-sm text-muted">{t('notifications.empty')}</p>
      ) : (
        <ul aria-label={t('notifications.title')} className="divide-y divide-line/60 rounded-2xl border border-line">
          {items.map((n) => {
            const isNew = !n.read || fresh.has(n.id);
            const { title, body } = textOf(n);
            return (
              <li key={n.id} className="px-4 py-3">
                <div className="flex items-baseline gap-2">
                  {isNew && (
                    <span className="h-2 w-2 shrink-0 self-center rounded-full bg-primary" aria-hidden="true" />
                  )}
                  <h3 className="min-w-0 flex-1 truncate text-[15px] font-semibold">
                    {linkOf(n) ? (
                      // A price alert opens its pair (docs/decisions/0055-alerts-statements.md).
                      <Link to={linkOf(n)!} className="text-primary hover:underline dark:text-[#6EA8FF]">
                        {title}
                      </Link>
                    ) : (
                      title
                    )}
                    {isNew && <span className="sr-only">, {t('notifications.new')}</span>}
                  </h3>
                  <time dateTime={n.created_at} className="shrink-0 text-[12px] tabular-nums text-muted">
                    {shownTime(n.created_at)}
                  </time>
                </div>
                <p className="mt-0.5 text-[14px] leading-snug text-muted">{body}</p>
              </li>
            );
          })}
        </ul>
      )}
      {next !== null && items.length > 0 && (
        <Button variant="secondary" busy={loadingMore} onClick={() => void loadMore()}>
          {t('notifications.loadMore')}
        </Button>
      )}
    </div>
  );
}
