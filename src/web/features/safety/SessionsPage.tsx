/**
 * /safety/sessions: where the account is signed in (docs/security.md "Sessions and
 * devices"). This device first and marked; "Sign out" on each other one; "Sign out all other
 * sessions" below.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { SessionInfo } from '../../../shared/api/sessions';
import { deviceMessage, SESSIONS_MSG } from '../../../shared/messages';
import { Button } from '../../components/Button';
import { GlobeIcon } from '../../components/icons';
import { Notice } from '../../components/Notice';
import { PageHeader } from '../../components/PageHeader';
import { Screen } from '../../components/Screen';
import { Spinner } from '../../components/Spinner';
import { errorMessage } from '../../lib/api';
import { formatMessageTime } from '../../lib/datetime';
import { useI18n } from '../../lib/i18n';
import { PATHS } from '../../lib/paths';
import { endOtherSessions, endSession, sessionsQuery } from './api/sessions';

const messageOf = (error: unknown) => errorMessage(error, SESSIONS_MSG.loadFailed);

function SessionRow({ session, onEnd, busy }: { session: SessionInfo; onEnd: () => void; busy: boolean }) {
  const { language, message, dateTime } = useI18n();
  // English keeps the app's short '14:05' / '03-01 14:05'; other languages their own Intl order.
  const when = (iso: string) => (language === 'en' ? formatMessageTime(iso) : dateTime(iso));
  return (
    <li className="flex items-center gap-3 px-4 py-3" data-testid="session" data-current={session.current || undefined}>
      <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-primary/10 text-primary">
        <GlobeIcon size={20} />
      </span>
      <span className="min-w-0 flex-1">
        <span className="flex items-center gap-2">
          <span className="truncate text-[15px] font-medium">{message(deviceMessage(session.device))}</span>
          {session.current && (
            <span className="shrink-0 rounded-full bg-up/10 px-2 py-0.5 text-[11px] font-semibold text-up">
              {message(SESSIONS_MSG.thisDevice)}
            </span>
          )}
        </span>
        <span className="block truncate text-[13px] text-muted">{session.ip}</span>
        <span className="block text-[12px] text-muted">
          {message(SESSIONS_MSG.lastSeen)} <span className="whitespace-nowrap">{when(session.last_seen_at)}</span>
        </span>
        <span className="block text-[12px] text-muted">
          {message(SESSIONS_MSG.signedIn)} <span className="whitespace-nowrap">{when(session.created_at)}</span>
        </span>
      </span>
      {!session.current && (
        <Button
          variant="danger"
          block={false}
          busy={busy}
          className="h-9 shrink-0 px-3 text-[13px]"
          onClick={onEnd}
          aria-label={`${message(SESSIONS_MSG.signOut)} ${message(deviceMessage(session.device))} ${session.ip}`}
        >
          {message(SESSIONS_MSG.signOut)}
        </Button>
      )}
    </li>
  );
}

export function SessionsPage() {
  const { message } = useI18n();
  const queryClient = useQueryClient();
  const sessions = useQuery(sessionsQuery());
  const [done, setDone] = useState<string | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: sessionsQuery().queryKey });
  const endOne = useMutation({
    mutationFn: endSession,
    onSuccess: async () => {
      setDone(SESSIONS_MSG.ended);
      await refresh();
    },
  });
  const endOthers = useMutation({
    mutationFn: endOtherSessions,
    onSuccess: async () => {
      setDone(SESSIONS_MSG.othersEnded);
      await refresh();
    },
  });
  const list = sessions.data ?? [];
  const others = list.filter((s) => !s.current).length;
  const error = endOne.error ?? endOthers.error;

  return (
    <>
      <PageHeader title={message(SESSIONS_MSG.title)} fallback={PATHS.safetyCenter} />
      <Screen>
        <p className="mb-4 mt-2 text-sm text-muted">{message(SESSIONS_MSG.intro)}</p>
        {sessions.isPending && <Spinner />}
        {sessions.isError && <Notice tone="error">{messageOf(sessions.error)}</Notice>}
        {sessions.isSuccess && (
          <>
            <ul
              aria-label={message(SESSIONS_MSG.title)}
              className="divide-y divide-line overflow-hidden rounded-2xl bg-surface shadow-card"
            >
              {list.map((session) => (
                <SessionRow
                  key={session.session_id}
                  session={session}
                  busy={endOne.isPending && endOne.variables === session.session_id}
                  onEnd={() => {
                    setDone(null);
                    endOne.mutate(session.session_id);
                  }}
                />
              ))}
            </ul>
            {others === 0 && <p className="mt-4 text-center text-sm text-muted">{message(SESSIONS_MSG.noOthers)}</p>}
            <div className="mt-5 space-y-3">
              {error && <Notice tone="error">{messageOf(error)}</Notice>}
              {done && !error && <Notice tone="success">{message(done)}</Notice>}
              {others > 0 && (
                <Button
                  variant="danger"
                  busy={endOthers.isPending}
                  onClick={() => {
                    setDone(null);
                    endOthers.mutate();
                  }}
                >
                  {message(SESSIONS_MSG.signOutOthers)}
                </Button>
              )}
            </div>
          </>
        )}
      </Screen>
    </>
  );
}
