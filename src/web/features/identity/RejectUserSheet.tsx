/** Asks staff why a verification is rejected: the user sees the reason and may submit again. */
import { useId, useState, type FormEvent } from 'react';
import type { UnverifiedUser } from '../../../shared/api/identity';
import { Button } from '../../components/Button';
import { BottomSheet } from '../../components/Overlay';
import { useT } from '../../lib/i18n';

const REASON_MAX = 500;

interface Props {
  user: UnverifiedUser | null;
  onClose: () => void;
  onReject: (user: UnverifiedUser, reason: string) => void;
}

export function RejectUserSheet({ user, onClose, onReject }: Props) {
  const t = useT();
  const reasonId = useId();
  const [reason, setReason] = useState('');

  const close = () => {
    setReason('');
    onClose();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!user) return;
    onReject(user, reason.trim());
    close();
  };

  return (
    <BottomSheet open={user !== null} onClose={close} title={t('identity.reject.title')}>
      <form onSubmit={submit} className="flex flex-col gap-4">
        <p className="text-sm text-muted">{t('identity.reject.explain', { name: user?.full_name ?? '' })}</p>
        <div className="flex flex-col gap-1.5">
          <label htmlFor={reasonId} className="text-[13px] font-medium text-muted">
            {t('identity.reject.reason')}
          </label>
          <textarea
            id={reasonId}
            data-autofocus
            rows={3}
            maxLength={REASON_MAX}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            placeholder={t('identity.reject.placeholder')}
            className="resize-none rounded-xl border border-field-line bg-field px-4 py-3 text-[15px] text-ink placeholder:text-muted/70 focus:border-primary focus:outline-none focus:ring-2 focus:ring-primary/25"
          />
        </div>
        <div className="grid grid-cols-2 gap-3">
          <Button variant="secondary" onClick={close}>
            {t('identity.reject.cancel')}
          </Button>
          <Button type="submit" variant="danger">
            {t('identity.reject.reject')}
          </Button>
        </div>
      </form>
    </BottomSheet>
  );
}
