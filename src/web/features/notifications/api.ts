/**
 * The Home bell's notifications (docs/decisions/0034-notifications.md, docs/architecture.md "## Notifications"):
 * the first page of GET /api-v1/notifications/ (it carries the unread count), replaced by every
 * `notifications@user.<id>` frame while the user's socket is up (lib/sockets.ts `userSocket`), and
 * polled once a minute only while it is not; older pages on demand; marking read.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { MarkReadBody, NotificationsPage } from '../../../shared/api/notifications';
import { USER_STREAMS } from '../../../shared/api/streams';
import { api } from '../../lib/api';
import type { MarketSocket } from '../../lib/market-socket';
import { useLanguage } from '../../lib/language';
import { getStoredUser, getToken } from '../../lib/session';
import { userSocket } from '../../lib/sockets';

const NOTIFICATIONS_KEY = ['notifications'] as const;
const firstPageKey = [...NOTIFICATIONS_KEY, 'first'] as const;

/** While the push is not live: modest, the bell is no trading screen. */
const NOTIFICATIONS_POLL_MS = 60_000;

/**
 * The answers' schemas load with the first request or frame, not with Home: the bell is on Home's
 * first paint, zod is not (docs/decisions/0085-server-rendered-first-paint.md, step 1).
 */
const schemas = () => import('./schemas');
type Schemas = Awaited<ReturnType<typeof schemas>>;
let loaded: Schemas | null = null;
const loadSchemas = () => schemas().then((module) => (loaded = module));
const notificationsPage = async () => (await loadSchemas()).notificationsPage;

export const fetchNotifications = (before?: number, signal?: AbortSignal) =>
  api.get(`/api-v1/notifications/${before === undefined ? '' : `?before=${before}`}`, {
    schema: notificationsPage,
    ...(signal ? { signal } : {}),
  });

/** Follows notifications@user.<id> while mounted; true while frames of an open socket arrive. */
function useNotificationsPush(socket: MarketSocket | undefined, enabled: boolean): boolean {
  const client = useQueryClient();
  const [live, setLive] = useState(false);
  useEffect(() => {
    const user = getStoredUser();
    if (!enabled || !user) return;
    const s = socket ?? userSocket();
    const stopStatus = s.onStatus((status) => {
      if (status !== 'open') setLive(false);
    });
    let stopped = false;
    const apply = ({ pushFrame }: Schemas, data: unknown) => {
      if (stopped) return;
      const frame = pushFrame.safeParse(data);
      if (!frame.success) return console.warn('[notifications] unreadable frame', frame.error.message);
      const { e: _event, ...page } = frame.data;
      client.setQueryData<NotificationsPage>(firstPageKey, page);
      setLive(s.isOpen());
    };
    // A frame shows at once once the schema is here (the first GET loads it); before, frames wait for
    // it in the order they came, and none is applied after the cleanup.
    const stopStream = s.subscribe(USER_STREAMS.notifications(user.user_id), (data) => {
      if (loaded) return apply(loaded, data);
      void loadSchemas().then(
        (module) => apply(module, data),
        () => console.warn('[notifications] frame schema not loaded'),
      );
    });
    return () => {
      stopped = true;
      stopStream();
      stopStatus();
      setLive(false);
    };
  }, [client, socket, enabled]);
  return live;
}

/** The session and language the server was last told of in this page view. */
let languageSentFor: string | null = null;

/**
 * Tells the server the language picked on Home, in which it writes the user's mails
 * (POST /api-v1/user/language/, docs/decisions/0044): once a session (so after every sign-in) and on
 * every change while signed in. Not told (offline, refused): the next change or session tries again.
 */
function useLanguageSync(loggedIn: boolean) {
  const [language] = useLanguage();
  useEffect(() => {
    const token = getToken();
    if (!loggedIn || !token) return;
    const sent = `${token} ${language}`;
    if (languageSentFor === sent) return;
    languageSentFor = sent;
    api
      .post('/api-v1/user/language/', { language }, { schema: async () => (await schemas()).languageAnswer })
      .catch(() => {
        if (languageSentFor === sent) languageSentFor = null;
      });
  }, [loggedIn, language]);
}

/**
 * The newest page and the unread count: pushed when the socket is up, else polled once a minute.
 * Home's bell uses it, so it also keeps the server told of the language picked (useLanguageSync).
 */
export function useNotifications(socket?: MarketSocket) {
  const loggedIn = getStoredUser() !== null;
  useLanguageSync(loggedIn);
  const pushed = useNotificationsPush(socket, loggedIn);
  return useQuery({
    queryKey: firstPageKey,
    queryFn: ({ signal }) => fetchNotifications(undefined, signal),
    enabled: loggedIn,
    refetchInterval: pushed ? false : NOTIFICATIONS_POLL_MS,
    refetchIntervalInBackground: false,
  });
}

/** Marks notifications read; the answer's unread count and the read flags show at once. */
export function useMarkRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: MarkReadBody) =>
      api.post('/api-v1/notifications/read/', body, {
        schema: async () => (await schemas()).markReadAnswer,
      }),
    onSuccess: (answer, body) => {
      const read = new Set(body.ids ?? []);
      client.setQueryData<NotificationsPage>(firstPageKey, (page) =>
        page
          ? {
              ...page,
              unread: answer.unread,
              results: page.results.map((n) => (body.all || read.has(n.id) ? { ...n, read: true } : n)),
            }
          : page,
      );
    },
  });
}
