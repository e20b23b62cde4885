/**
 * /safety/login-password: passwords must match, the OTP is required ('Please enter OTP'); success
 * shows 'Password updated successfully!' and goes back after 2 s with the new token stored.
 */
import { loginPassword } from '../../../shared/api/auth';
import { LOGIN_PASSWORD_MAX, LOGIN_PASSWORD_MIN } from '../../../shared/constants';
import { MSG } from '../../../shared/messages';
import { PageHeader } from '../../components/PageHeader';
import { Screen } from '../../components/Screen';
import type { FieldErrors } from '../../lib/forms';
import { useI18n } from '../../lib/i18n';
import { PATHS } from '../../lib/paths';
import { PasswordChangeForm, type PasswordChangeValues } from './PasswordChangeForm';
import { updateLoginPassword } from './api/login-password';

function check({ password, confirm, otp }: PasswordChangeValues): FieldErrors | null {
  if (password !== confirm) return { confirm: MSG.passwordsDoNotMatch };
  if (otp.trim() === '') return { otp: MSG.enterOtp };
  const length = loginPassword.safeParse(password);
  if (!length.success) return { password: length.error.issues[0]?.message ?? MSG.updatePasswordFailed };
  return null;
}

export function LoginPasswordPage() {
  const { t } = useI18n();
  return (
    <>
      <PageHeader title={t('safety.password.loginTitle')} fallback={PATHS.safetyCenter} />
      <Screen>
        <p className="mb-5 mt-2 text-sm text-muted">{t('safety.password.loginIntro')}</p>
        <PasswordChangeForm
          passwordLabel={t('safety.password.newPassword')}
          passwordHint={t('safety.password.length', { min: LOGIN_PASSWORD_MIN, max: LOGIN_PASSWORD_MAX })}
          maxLength={LOGIN_PASSWORD_MAX}
          check={check}
          save={updateLoginPassword}
          errorFallback={MSG.updatePasswordFailed}
        />
      </Screen>
    </>
  );
}
