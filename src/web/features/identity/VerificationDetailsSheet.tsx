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
import { formatDateTime } from '../../lib/datetime';
import { useVerificationDetails } from './api/verification-details';

const PHOTOS: Array<{ key: 'id_card_front_url' | 'id_card_back_url' | 'selfie_url'; label: string }> = [
  { key: 'id_card_front_url', label: 'ID card front' },
  { key: 'id_card_back_url', label: 'ID card back' },
  { key: 'selfie_url', label: 'Selfie' },
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
  return (
    <>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-3 rounded-xl bg-surface-2/60 p-4">
        <Field label="Full Name" wide>
          {details.full_name}
        </Field>
        <Field label="Email" wide>
          {details.user_email}
        </Field>
        <Field label="ID">{details.user_uniqueid}</Field>
        <Field label="Submission Date">{formatDateTime(details.created_at)}</Field>
        {details.id_card_number && <Field label="ID number">{details.id_card_number}</Field>}
      </dl>
      <ul className="mt-4 flex flex-col gap-4">
        {PHOTOS.map(({ key, label }) => (
          <li key={key}>
            <p className="mb-1.5 text-[13px] font-medium text-muted">{label}</p>
            {/* Opens the full-size image; the signed link itself is the permission. */}
            <a href={details[key]} target="_blank" rel="noreferrer" className="block overflow-hidden rounded-xl">
              <img src={details[key]} alt={label} className="h-48 w-full bg-surface-2 object-contain" />
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
  const details = useVerificationDetails(user?.user_id ?? null);
  const notFound = isApiError(details.error) && details.error.status === 404;
  const pending = details.data?.verification_status === 'pending';

  return (
    <BottomSheet open={user !== null} onClose={onClose} title="Verification Details">
      {details.isPending && <Spinner label="Loading verification details" />}
      {notFound && <p className="py-8 text-center text-sm text-muted">{MSG.noVerificationDetails}</p>}
      {details.isError && !notFound && (
        <Notice tone="error">{errorMessage(details.error, MSG.somethingWentWrong)}</Notice>
      )}
      {details.data && <Details details={details.data} />}
      {user && pending && (
        <div className="mt-5 grid grid-cols-2 gap-3">
          <Button variant="danger" onClick={() => onReject(user)}>
            Reject
          </Button>
          <Button onClick={() => onVerify(user)}>Verify</Button>
        </div>
      )}
    </BottomSheet>
  );
}
