/**
 * Who staff are talking to, beside the conversation at a desk (docs/decisions/0041): the person, their
 * verification, what they hold and their latest transactions, from the same staff read as the user's
 * detail (GET /api-v3/admin/users/{id}/), with a way to the whole of it.
 */
import { Link } from 'react-router';
import { ADMIN_MSG } from '../../../../shared/api/admin';
import { errorMessage } from '../../../lib/api';
import { PATHS } from '../../../lib/paths';
import { useUserDetail } from '../api/user-detail';
import { LoadError, Spinner } from '../ListState';
import { VerificationBadge } from '../VerificationBadge';
import { useStaffI18n } from '../use-staff-i18n';
import { Card, Row, Transactions, Wallets } from './UserDetail';

/** How many of the latest transactions the desk shows; the user's detail has the rest. */
const LATEST = 5;

export function ChatUserContext({ userId }: { userId: number }) {
  const detail = useUserDetail(userId);
  const { t } = useStaffI18n();
  if (detail.isPending) return <Spinner label={t('admin.user.loading')} />;
  if (detail.isError)
    return (
      <LoadError
        message={errorMessage(detail.error, ADMIN_MSG.fetchUserFailed)}
        onRetry={() => void detail.refetch()}
      />
    );
  const { profile, wallets, transactions } = detail.data;
  const name = `${profile.first_name} ${profile.last_name}`.trim() || profile.email;
  return (
    <aside aria-label={t('admin.chatContext.title')} className="flex flex-col gap-3">
      <Card title={name}>
        <dl className="divide-y divide-line">
          <Row label={t('admin.user.email')}>{profile.email}</Row>
          <Row label={t('admin.user.uniqueId')}>{profile.uniqueid}</Row>
          <Row label={t('admin.user.verification')}>
            <VerificationBadge status={profile.is_verified} />
          </Row>
        </dl>
        <Link
          to={`${PATHS.adminDashboard}?${new URLSearchParams({ view: 'users', user: String(userId) }).toString()}`}
          className="mt-2 inline-flex h-touch items-center text-sm font-semibold text-primary hover:underline"
        >
          {t('admin.chatContext.openUser')}
        </Link>
      </Card>
      <Wallets wallets={wallets} held />
      <Transactions transactions={transactions.slice(0, LATEST)} title={t('admin.chatContext.latest')} />
    </aside>
  );
}
