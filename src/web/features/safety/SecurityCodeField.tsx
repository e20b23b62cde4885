/**
 * The OTP input of the password screens with its send action. After a successful send the button
 * reads 'OTP Sent' (docs/product.md section 4) until a new code may be asked for.
 */
import { OTP_RESEND_MS } from '../../../shared/constants';
import { MSG } from '../../../shared/messages';
import { CodeField } from '../../components/TextField';
import { useI18n } from '../../lib/i18n';
import { useCooldown } from '../../lib/use-cooldown';
import type { useSendSecurityCode } from './api/security-code';

interface Props {
  value: string;
  onChange: (value: string) => void;
  error?: string;
  sendCode: ReturnType<typeof useSendSecurityCode>;
}

export function SecurityCodeField({ value, onChange, error, sendCode }: Props) {
  const { t, message } = useI18n();
  const cooldown = useCooldown();
  const sent = sendCode.isSuccess;
  const label = sendCode.isPending
    ? t('safety.code.sending')
    : sent && cooldown.active
      ? message(MSG.otpSentLabel)
      : sent
        ? t('safety.code.resend')
        : t('safety.code.send');
  return (
    <CodeField
      value={value}
      onChange={(e) => onChange(e.target.value)}
      error={error}
      placeholder={t('safety.twoFactor.codePlaceholder')}
      hint={t('safety.code.hint')}
      trailing={
        <button
          type="button"
          onClick={() => sendCode.mutate(undefined, { onSuccess: () => cooldown.start(OTP_RESEND_MS) })}
          disabled={sendCode.isPending || (sent && cooldown.active)}
          className="min-h-touch whitespace-nowrap rounded-lg px-3 text-sm font-semibold text-primary disabled:text-muted"
        >
          {label}
        </button>
      }
    />
  );
}
