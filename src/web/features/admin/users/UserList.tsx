/** Users matching a search (email, name or unique id), newest first, a page at a time. */
import { useEffect, useRef, useState } from 'react';
import { ADMIN_MSG } from '../../../../shared/api/admin';
import { ChevronRightIcon } from '../../../components/icons';
import { TextField } from '../../../components/TextField';
import { errorMessage } from '../../../lib/api';
import { USERS_PAGE_SIZE, useUsers } from '../api/users';
import { EmptyList, LoadError, Spinner } from '../ListState';
import { Pager } from '../../../components/Pager';
import { VerificationBadge } from '../VerificationBadge';
import { formatDateTime } from '../views';

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

  return (
    <>
      <form role="search" onSubmit={(event) => (event.preventDefault(), onSearch(text.trim()))}>
        <TextField
          label="Search users"
          type="search"
          placeholder="Email, name or unique ID"
          value={text}
          onChange={(event) => setText(event.target.value)}
          autoComplete="off"
        />
      </form>
      {users.isPending ? (
        <Spinner label="Loading users" />
      ) : users.isError ? (
        <LoadError
          message={errorMessage(users.error, ADMIN_MSG.fetchUsersFailed)}
          onRetry={() => void users.refetch()}
        />
      ) : users.data.items.length === 0 ? (
        <EmptyList message={ADMIN_MSG.noUsers} />
      ) : (
        <>
          <p className="text-sm text-muted" aria-live="polite">
            {users.data.total} {users.data.total === 1 ? 'user' : 'users'}
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
                      <span className="truncate text-[15px] font-medium">{user.name || user.email}</span>
                      {user.is_admin && (
                        <span className="shrink-0 rounded-full bg-primary/10 px-2 py-0.5 text-xs font-medium text-primary">
                          Staff
                        </span>
                      )}
                    </span>
                    <span className="block truncate text-[13px] text-muted">{user.email}</span>
                    <span className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-muted">
                      <span>ID {user.uniqueid}</span>
                      <span>{formatDateTime(user.created_at)}</span>
                      <VerificationBadge status={user.is_verified} />
                    </span>
                  </span>
                  <ChevronRightIcon size={18} className="shrink-0 text-muted" />
                </button>
              </li>
            ))}
          </ul>
          <Pager label="Users pages" page={page} pageSize={USERS_PAGE_SIZE} total={users.data.total} onPage={onPage} />
        </>
      )}
    </>
  );
}
