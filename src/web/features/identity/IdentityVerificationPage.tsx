/**
 * /identity-verification (docs/product.md section 2): the 'Basic Information' step with 'Fill in' or its
 * status; once submitted the name, ID number and status; a rejection's reason with a way to fill
 * in again; and why certification is worth it.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { VerificationStatusResponse } from '../../../shared/api/identity';
import { MSG } from '../../../shared/messages';
import { cx } from '../../components/cx';
import { ChevronRightIcon, IdCardIcon, InfoIcon } from '../../components/icons';
import { Notice } from '../../components/Notice';
import { PageHeader } from '../../components/PageHeader';
import { Screen } from '../../components/Screen';
import { Spinner } from '../../components/Spinner';
import { useI18n, useT } from '../../lib/i18n';
import { PATHS } from '../../lib/paths';
import { userInfoQuery, VERIFICATION_KEY } from '../account';
import { useVerificationStatus } from './api/verification-status';

const STATUS_TONE: Record<VerificationStatusResponse['verification_status'], string> = {
  pending: 'bg-warn/15 text-warn',
  verified: 'bg-up/15 text-up',
  rejected: 'bg-down/15 text-down',
};

function StatusBadge({ status }: { status: VerificationStatusResponse['verification_status'] }) {
  const t = useT();
  return (
    <span className={cx('shrink-0 rounded-md px-2.5 py-1 text-[13px] font-semibold', STATUS_TONE[status])}>
      {t(VERIFICATION_KEY[status])}
    </span>
  );
}

function FillInLink() {
  const t = useT();
  return (
    <Link
      to={PATHS.basicInfo}
      className="flex min-h-touch shrink-0 items-center gap-1 rounded-lg px-3 text-[15px] font-semibold text-primary hover:bg-primary/10"
    >
      {t('identity.status.fillIn')}
      <ChevronRightIcon size={18} />
    </Link>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex items-center justify-between gap-4 py-3">
      <dt className="text-sm text-muted">{label}</dt>
      <dd className="min-w-0 break-words text-right text-[15px] font-medium">{children}</dd>
    </div>
  );
}

function Submission({ submission }: { submission: VerificationStatusResponse }) {
  const t = useT();
  return (
    <dl className="divide-y divide-line border-t border-line px-4">
      <Row label={t('identity.status.name')}>{submission.full_name}</Row>
      <Row label={t('identity.status.idNumber')}>{submission.id_card_number}</Row>
      <Row label={t('identity.status.status')}>
        <StatusBadge status={submission.verification_status} />
      </Row>
    </dl>
  );
}

export function IdentityVerificationPage() {
  const { t, message } = useI18n();
  const status = useVerificationStatus();
  const submission = status.data ?? null;
  const rejected = submission?.verification_status === 'rejected';

  // Staff may have decided since /info was last read: the drawer's badge follows what this screen shows.
  const queryClient = useQueryClient();
  const shownStatus = submission?.verification_status;
  useEffect(() => {
    if (shownStatus) void queryClient.invalidateQueries({ queryKey: userInfoQuery().queryKey });
  }, [shownStatus, queryClient]);

  let step: ReactNode = null;
  if (status.isSuccess) {
    step = !submission || rejected ? <FillInLink /> : <StatusBadge status={submission.verification_status} />;
  }

  return (
    <>
      <PageHeader title={t('identity.status.title')} fallback={PATHS.home} />
      <Screen className="gap-4">
        <section className="mt-2 overflow-hidden rounded-2xl bg-surface shadow-card" aria-labelledby="step-basic-info">
          <div className="flex min-h-[64px] items-center gap-3 px-4 py-3">
            <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-primary/10 text-primary">
              <IdCardIcon size={20} />
            </span>
            <span className="min-w-0 flex-1">
              <span className="block text-xs text-muted">{t('identity.status.step1')}</span>
              <span id="step-basic-info" className="block whitespace-nowrap text-[15px] font-semibold">
                {t('identity.status.basicInfo')}
              </span>
            </span>
            {step}
          </div>
          {submission && <Submission submission={submission} />}
        </section>

        {status.isPending && <Spinner label={t('identity.status.loading')} />}
        {status.isError && <Notice tone="error">{message(MSG.fetchVerificationFailed)}</Notice>}
        {rejected && <Notice tone="error">{submission.rejection_reason || message(MSG.verificationFailed)}</Notice>}

        <p className="flex gap-2 rounded-xl bg-primary/10 px-4 py-3 text-sm text-ink">
          <InfoIcon size={18} className="mt-0.5 shrink-0 text-primary" />
          <span>{t('identity.status.why')}</span>
        </p>
      </Screen>
    </>
  );
}
