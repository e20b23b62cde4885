/**
 * Staff's Verification Details modal (docs/product.md section 2 "Admin screens"): who submitted, when, and
 * the three document photos through their signed links; 'No verification details found' when none.
 */
import type { ReactNode } from 'react';
import type { UnverifiedUser, VerificationDetails } from '../../../shared/api/identity';
import { MSG } from '../../../shared/messages';
import { Button } from '../../components/Button';
import { cx } from '../../components/cx';
import { Notice } from '../../components/Notice';
import { BottomSheet } from '../../components/Overlay';
import { Spinner } from '../../components/Spinner';
import { errorMessage, isApiError } from '../../lib/api';
import { useI18n, type TextKey } from '../../lib/i18n';
import { useVerificationDetails } from './api/verification-details';

const PHOTOS: Array<{ key: 'id_card_front_url' | 'id_card_back_url' | 'selfie_url'; label: TextKey }> = [
  { key: 'id_card_front_url', label: 'identity.images.idCardFront' },
  { key: 'id_card_back_url', label: 'identity.images.idCardBack' },
  { key: 'selfie_url', label: 'identity.details.selfie' },
];

function Field({ label, children, wide = false }: { label: string; children: ReactNode; wide?: boolean }) {
  return (
    <div className={cx('min-w-0', wide && 'col-span-2')}>
      <dt className="text-xs text-muted">{label}</dt>
      <dd className="mt-0.5 break-words text-sm font-medium">{children}</dd>
    </div>
  );
}

function Details({ details }: { details: VerificationDetails }) {
  const { t, dateTime } = useI18n();
  return (
    <>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-3 rounded-xl bg-surface-2/60 p-4">
        <Field label={t('identity.details.fullName')} wide>
          {details.full_name}
        </Field>
        <Field label={t('identity.details.email')} wide>
          {details.user_email}
        </Field>
        <Field label={t('identity.details.id')}>{details.user_uniqueid}</Field>
        <Field label={t('identity.details.submitted')}>{dateTime(details.created_at)}</Field>
        {details.id_card_number && <Field label={t('identity.details.idNumber')}>{details.id_card_number}</Field>}
      </dl>
      <ul className="mt-4 flex flex-col gap-4">
        {PHOTOS.map(({ key, label }) => (
          <li key={key}>
            <p className="mb-1.5 text-[13px] font-medium text-muted">{t(label)}</p>
            {/* Opens the full-size image; the signed link itself is the permission. */}
            <a href={details[key]} target="_blank" rel="noreferrer" className="block overflow-hidden rounded-xl">
              <img src={details[key]} alt={t(label)} className="h-48 w-full bg-surface-2 object-contain" />
            </a>
          </li>
        ))}
      </ul>
    </>
  );
}

interface Props {
  user: UnverifiedUser | null;
  onClose: () => void;
  onVerify: (user: UnverifiedUser) => void;
  onReject: (user: UnverifiedUser) => void;
}

export function VerificationDetailsSheet({ user, onClose, onVerify, onReject }: Props) {
  const { t, message } = useI18n();
  const details = useVerificationDetails(user?.user_id ?? null);
  const notFound = isApiError(details.error) && details.error.status === 404;
  const pending = details.data?.verification_status === 'pending';

  return (
    <BottomSheet open={user !== null} onClose={onClose} title={t('identity.details.title')}>
      {details.isPending && <Spinner label={t('identity.details.loading')} />}
      {notFound && <p className="py-8 text-center text-sm text-muted">{message(MSG.noVerificationDetails)}</p>}
      {details.isError && !notFound && (
        <Notice tone="error">{errorMessage(details.error, MSG.somethingWentWrong)}</Notice>
      )}
      {details.data && <Details details={details.data} />}
      {user && pending && (
        <div className="mt-5 grid grid-cols-2 gap-3">
          <Button variant="danger" onClick={() => onReject(user)}>
            {t('identity.review.reject')}
          </Button>
          <Button onClick={() => onVerify(user)}>{t('identity.review.verify')}</Button>
        </div>
      )}
    </BottomSheet>
  );
}
