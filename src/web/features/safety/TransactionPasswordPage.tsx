/**
 * /safety/transaction-password: the secret asked for on withdrawals. 6-16 characters ('Password
 * length must be 6-16 bits'), passwords must match, and submit is enabled only after the OTP is sent.
 */
import { useQueryClient } from '@tanstack/react-query';
import { TRANSACTION_PASSWORD_MAX, TRANSACTION_PASSWORD_MIN } from '../../../shared/constants';
import { MSG } from '../../../shared/messages';
import { PageHeader } from '../../components/PageHeader';
import { Screen } from '../../components/Screen';
import type { FieldErrors } from '../../lib/forms';
import { useI18n } from '../../lib/i18n';
import { PATHS } from '../../lib/paths';
import { userInfoQuery } from '../account';
import { PasswordChangeForm, type PasswordChangeValues } from './PasswordChangeForm';
import { setTransactionPassword } from './api/transaction-password';

function check({ password, confirm, otp }: PasswordChangeValues): FieldErrors | null {
  if (password !== confirm) return { confirm: MSG.passwordsDoNotMatch };
  if (password.length < TRANSACTION_PASSWORD_MIN || password.length > TRANSACTION_PASSWORD_MAX) {
    return { password: MSG.transactionPasswordLength };
  }
  if (otp.trim() === '') return { otp: MSG.enterOtp };
  return null;
}

export function TransactionPasswordPage() {
  const queryClient = useQueryClient();
  const { t, message } = useI18n();
  return (
    <>
      <PageHeader title={t('safety.password.transactionTitle')} fallback={PATHS.safetyCenter} />
      <Screen>
        <p className="mb-5 mt-2 text-sm text-muted">{t('safety.password.transactionIntro')}</p>
        <PasswordChangeForm
          passwordLabel={t('safety.password.newTransactionPassword')}
          passwordHint={message(MSG.transactionPasswordHint)}
          check={check}
          submitNeedsCode
          save={setTransactionPassword}
          onSaved={() => void queryClient.invalidateQueries({ queryKey: userInfoQuery().queryKey })}
          errorFallback={MSG.setTransactionPasswordFailed}
        />
      </Screen>
    </>
  );
}
