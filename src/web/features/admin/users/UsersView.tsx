/**
 * The Users view: the searchable user list or one user's detail, and the audit log of staff actions.
 * At a desk (docs/decisions/0041-staff-console-at-a-desk.md) both lists are tables, sorted and filtered, kept in the address too.
 */
import { useSearchParams } from 'react-router';
import { cx } from '../../../components/cx';
import { useI18n } from '../../../lib/i18n';
import { useDesk } from '../../../lib/use-desk';
import { positiveIntParam } from '../views';
import { AuditLog } from './AuditLog';
import { AuditTable } from './AuditTable';
import { UserDetail } from './UserDetail';
import { UserList } from './UserList';
import { UsersTable } from './UsersTable';

const SECTIONS = { list: 'admin.users.list', audit: 'admin.users.audit' } as const;
type Section = keyof typeof SECTIONS;

export function UsersView() {
  const [params, setParams] = useSearchParams();
  const section: Section = params.get('section') === 'audit' ? 'audit' : 'list';
  const userId = positiveIntParam(params, 'user', 0);
  const desk = useDesk();
  const { t } = useI18n();
  const page = positiveIntParam(params, 'page', 1);

  /** Changes some of the view's address parameters, keeping ?view=users. */
  const update = (changes: Record<string, string | null>, replace = false) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value === null) next.delete(key);
      else next.set(key, value);
    }
    setParams(next, { replace });
  };

  if (section === 'list' && userId > 0) return <UserDetail userId={userId} onBack={() => update({ user: null })} />;

  return (
    <>
      <div
        role="tablist"
        aria-label={t('admin.users.tabs')}
        className="grid grid-cols-2 gap-1 rounded-xl bg-surface-2 p-1 lg:w-80"
      >
        {(Object.keys(SECTIONS) as Section[]).map((key) => (
          <button
            key={key}
            type="button"
            role="tab"
            aria-selected={section === key}
            onClick={() =>
              update({ section: key === 'list' ? null : key, page: null, user: null, sort: null, order: null }, true)
            }
            className={cx(
              'h-11 rounded-lg text-[15px] font-semibold',
              section === key ? 'bg-surface text-primary shadow-card' : 'text-muted hover:text-ink',
            )}
          >
            {t(SECTIONS[key])}
          </button>
        ))}
      </div>
      <div role="tabpanel" aria-label={t(SECTIONS[section])} className="flex flex-col gap-4">
        {desk ? (
          section === 'list' ? (
            <UsersTable params={params} page={page} onChange={update} onOpen={(id) => update({ user: String(id) })} />
          ) : (
            <AuditTable params={params} page={page} onChange={update} />
          )
        ) : section === 'list' ? (
          <UserList
            q={params.get('q') ?? ''}
            page={page}
            onSearch={(q) => update({ q: q || null, page: null }, true)}
            onPage={(page) => update({ page: String(page) })}
            onOpen={(id) => update({ user: String(id) })}
          />
        ) : (
          <AuditLog page={page} onPage={(page) => update({ page: String(page) })} />
        )}
      </div>
    </>
  );
}
