/** Users matching a search (email, name or unique id), newest first, a page at a time. */
import { useEffect, useRef, useState } from 'react';
import { ADMIN_MSG } from '../../../../shared/api/admin';
import { ChevronRightIcon } from '../../../components/icons';
import { TextField } from '../../../components/TextField';
import { errorMessage } from '../../../lib/api';
import { useStaffI18n } from '../use-staff-i18n';
import { USERS_PAGE_SIZE, useUsers } from '../api/users';
import { EmptyList, LoadError, Spinner } from '../ListState';
import { Pager } from '../../../components/Pager';
import { VerificationBadge } from '../VerificationBadge';

/** Typing pauses this long before the list is asked again. */
const SEARCH_DELAY_MS = 300;

export function UserList({
  q,
  page,
  onSearch,
  onPage,
  onOpen,
}: {
  q: string;
  page: number;
  onSearch: (q: string) => void;
  onPage: (page: number) => void;
  onOpen: (userId: number) => void;
}) {
  const [text, setText] = useState(q);
  // The address changed under us (Back): show its search instead of pushing ours again.
  const [shownQ, setShownQ] = useState(q);
  if (q !== shownQ) {
    setShownQ(q);
    setText(q);
  }
  const search = useRef(onSearch);
  useEffect(() => {
    search.current = onSearch;
  });
  useEffect(() => {
    const trimmed = text.trim();
    if (trimmed === q) return;
    const timer = setTimeout(() => search.current(trimmed), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text, q]);

  const users = useUsers(q, page);
  const { t, plural, message, dateTime } = useStaffI18n();

  return (
    <>
      <form role="search" onSubmit={(event) => (event.preventDefault(), onSearch(text.trim()))}>
        <TextField
          label={t('admin.users.search')}
          type="search"
          placeholder={t('admin.users.searchPlaceholder')}
          value={text}
          onChange={(event) => setText(event.target.value)}
          autoComplete="off"
        />
      </form>
      {users.isPending ? (
        <Spinner label={t('admin.users.loading')} />
      ) : users.isError ? (
        <LoadError
          message={errorMessage(users.error, ADMIN_MSG.fetchUsersFailed)}
          onRetry={() => void users.refetch()}
        />
      ) : users.data.items.length === 0 ? (
        <EmptyList message={message(ADMIN_MSG.noUsers)} />
      ) : (
        <>
          <p className="text-sm text-muted" aria-live="polite">
            {plural('admin.users.count', users.data.total)}
          </p>
          <ul
            className="divide-y divide-line overflow-hidden rounded-2xl bg-surface shadow-card"
            aria-busy={users.isFetching}
          >
            {users.data.items.map((user) => (
              <li key={user.user_id}>
                <button
                  type="button"
                  onClick={() => onOpen(user.user_id)}
                  className="flex w-full items-center gap-3 px-4 py-3 text-left hover:bg-surface-2"
                >
                  <span className="min-w-0 flex-1">
                    <span className="flex items-center gap-2">
                      <span translate="no" className="truncate text-[15px] font-medium">
                        {user.name || user.email}
                      </span>
                      {user.is_admin && (
                        <span className="shrink-0 rounded-full bg-primary/10 px-2 py-0.5 text-xs font-medium text-primary">
                          {t('admin.users.staffBadge')}
                        </span>
                      )}
                    </span>
                    <span className="block truncate text-[13px] text-muted">{user.email}</span>
                    <span className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-muted">
                      <span>{t('admin.users.id', { id: user.uniqueid })}</span>
                      <span>{dateTime(user.created_at)}</span>
                      <VerificationBadge status={user.is_verified} />
                    </span>
                  </span>
                  <ChevronRightIcon size={18} className="shrink-0 text-muted" />
                </button>
              </li>
            ))}
          </ul>
          <Pager
            label={t('admin.users.pages')}
            page={page}
            pageSize={USERS_PAGE_SIZE}
            total={users.data.total}
            onPage={onPage}
          />
        </>
      )}
    </>
  );
}
