/**
 * The Unverified Users part of the staff Requests tab (docs/product.md sections 2, 4, 8): submissions
 * waiting for review, each to open, verify or reject with a reason. The list reloads after each
 * decision; a failed fetch shows in red in place of the list.
 */
import { MSG } from '../../../shared/messages';
import { Button } from '../../components/Button';
import { LoadMore } from '../../components/LoadMore';
import { Spinner } from '../../components/Spinner';
import { useI18n } from '../../lib/i18n';
import { unverifiedFetchError } from './api/unverified-users';
import { useUnverifiedReview } from './unverified-review';

export function UnverifiedUsersPanel() {
  const { list, show, reject, verify, deciding, sheets } = useUnverifiedReview();
  const { t, message, dateTime } = useI18n();

  return (
    <section aria-labelledby="unverified-users-heading" className="mt-6">
      <h2 id="unverified-users-heading" className="mb-3 text-[17px] font-semibold">
        {t('identity.review.heading')}
      </h2>
      {list.isPending && <Spinner label={t('identity.review.loading')} />}
      {list.isError && (
        <p role="alert" className="rounded-xl bg-down/10 px-4 py-3 text-sm text-down">
          {message(unverifiedFetchError(list.error))}
        </p>
      )}
      {list.data?.length === 0 && (
        <p className="rounded-2xl bg-surface px-4 py-8 text-center text-sm text-muted shadow-card">
          {message(MSG.noUnverifiedUsers)}
        </p>
      )}
      {list.data && list.data.length > 0 && (
        <ul className="flex flex-col gap-3" aria-label={t('identity.review.listLabel')}>
          {list.data.map((user) => (
            <li key={user.user_id} className="rounded-2xl bg-surface p-4 shadow-card">
              <p className="break-words text-[15px] font-semibold">{user.full_name}</p>
              <p className="mt-0.5 text-[13px] text-muted">
                ID <span className="tabular-nums text-ink">{user.user_uniqueid}</span>
                {user.created_at && <> · {dateTime(user.created_at)}</>}
              </p>
              <div className="mt-3 grid grid-cols-3 gap-2">
                <Button variant="secondary" className="h-11 px-2 text-sm" onClick={() => show(user)}>
                  {t('identity.review.details')}
                </Button>
                <Button
                  variant="danger"
                  className="h-11 px-2 text-sm"
                  disabled={deciding(user)}
                  onClick={() => reject(user)}
                >
                  {t('identity.review.reject')}
                </Button>
                <Button className="h-11 px-2 text-sm" busy={deciding(user)} onClick={() => verify(user)}>
                  {t('identity.review.verify')}
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
      <LoadMore query={list} label={t('identity.review.loadMore')} />

      {sheets}
    </section>
  );
}
