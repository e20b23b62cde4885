/** 'Resend code', counting down while the server would still refuse a new one. */
import { cx } from '../../components/cx';
import { useT } from '../../lib/i18n';

interface Props {
  secondsLeft: number;
  busy: boolean;
  onResend: () => void;
  className?: string;
}

export function ResendCodeButton({ secondsLeft, busy, onResend, className }: Props) {
  const t = useT();
  const waiting = secondsLeft > 0;
  return (
    <button
      type="button"
      onClick={onResend}
      disabled={waiting || busy}
      className={cx('min-h-touch rounded-lg px-2 text-sm font-medium text-primary disabled:text-muted', className)}
    >
      {waiting ? t('auth.resend.wait', { seconds: secondsLeft }) : t('auth.resend.now')}
    </button>
  );
}
