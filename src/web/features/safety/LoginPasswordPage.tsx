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
  return (
    <>
      <PageHeader title="Login password" fallback={PATHS.safetyCenter} />
      <Screen>
        <p className="mb-5 mt-2 text-sm text-muted">
          Choose a new password for logging in. Other devices will be logged out.
        </p>
        <PasswordChangeForm
          passwordLabel="New password"
          passwordHint={`${LOGIN_PASSWORD_MIN}-${LOGIN_PASSWORD_MAX} characters`}
          maxLength={LOGIN_PASSWORD_MAX}
          check={check}
          save={updateLoginPassword}
          errorFallback={MSG.updatePasswordFailed}
        />
      </Screen>
    </>
  );
}
