/**
 * The bottom sheet of /forgot-password: the emailed code and the new password, with a resend link;
 * with 2FA on, the second factor too (docs/decisions/0045).
 */
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { LOGIN_PASSWORD_MIN } from '../../../shared/constants';
import { MSG } from '../../../shared/messages';
import { Button } from '../../components/Button';
import { Notice } from '../../components/Notice';
import { BottomSheet } from '../../components/Overlay';
import { CodeField, PasswordField } from '../../components/TextField';
import { errorMessage, isApiError } from '../../lib/api';
import { checkFormLazily, type FieldErrors } from '../../lib/forms';
import { useI18n } from '../../lib/i18n';
import { PATHS } from '../../lib/paths';
import { passkeysSupported } from '../../lib/passkeys';
import { resetPasskeyProof, useResetPassword } from './api/reset-password';
import type { LoginLocationState } from './LoginPage';
import { ResendCodeButton } from './ResendCodeButton';
import { TwoFactorCodeField } from './TwoFactorCodeField';
import { WithValue } from './WithValue';
import { authSchemas } from './schemas';

/** The server's answer to a reset of an account with 2FA on, sent without the second factor. */
const asksForSecondFactor = (error: unknown) =>
  isApiError(error) && Boolean((error.data as { fields?: Record<string, string> } | null)?.fields?.two_factor_code);

interface Props {
  open: boolean;
  onClose: () => void;
  email: string;
  resend: { secondsLeft: number; busy: boolean; error?: string; onResend: (onSent: () => void) => void };
}

export function ResetPasswordSheet({ open, onClose, email, resend }: Props) {
  const { t, plural, message } = useI18n();
  const navigate = useNavigate();
  const reset = useResetPassword();
  const [otp, setOtp] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string>();
  const [resent, setResent] = useState(false);
  const [needsSecondFactor, setNeedsSecondFactor] = useState(false);
  const [code, setCode] = useState('');

  /**
   * With 2FA on, the server asks for the second factor too (docs/decisions/0045): the code of the
   * authenticator app or a recovery code, or a passkey (`withPasskey`, asked of the device now).
   */
  const send = (withPasskey: boolean) => {
    setFormError(undefined);
    setErrors({});
    if (otp.trim() === '' || password === '') return setFormError(MSG.enterOtpAndPassword);
    const fields = { email, otp, password, ...(needsSecondFactor && !withPasskey ? { two_factor_code: code } : {}) };
    void checkFormLazily(async () => (await authSchemas()).resetPasswordBody, fields).then((form) => {
      if (!form.data) {
        setErrors(form.errors);
        return setFormError(form.errors.form);
      }
      const body = form.data;
      reset.mutate(
        withPasskey
          ? async () => ({ ...body, passkey: await resetPasskeyProof(body.email, body.otp) })
          : async () => body,
        {
          onSuccess: (answer) => {
            const state: LoginLocationState = { notice: answer.message };
            void navigate(PATHS.login, { replace: true, state });
          },
          onError: (failure) => {
            setCode('');
            if (asksForSecondFactor(failure)) setNeedsSecondFactor(true);
          },
        },
      );
    });
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    send(false);
  };

  return (
    <BottomSheet open={open} onClose={onClose} title={t('auth.reset.title')}>
      <form noValidate onSubmit={submit} className="flex flex-col gap-4">
        <p className="text-sm text-muted">
          <WithValue text={t('auth.reset.sentTo')} name="email">
            <span className="font-medium text-ink">{email}</span>
          </WithValue>
        </p>
        <CodeField
          value={otp}
          onChange={(e) => setOtp(e.target.value)}
          error={errors.otp}
          data-autofocus
          trailing={
            <ResendCodeButton
              secondsLeft={resend.secondsLeft}
              busy={resend.busy}
              onResend={() => {
                setResent(false);
                resend.onResend(() => setResent(true));
              }}
            />
          }
        />
        <PasswordField
          label={t('auth.reset.newPassword')}
          name="new-password"
          autoComplete="new-password"
          hint={plural('auth.passwordHint', LOGIN_PASSWORD_MIN)}
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          error={errors.password}
        />
        {needsSecondFactor && <TwoFactorCodeField value={code} onChange={(e) => setCode(e.target.value)} />}
        {resent && !resend.error && <Notice tone="success">{message(MSG.otpSent)}</Notice>}
        {resend.error && <Notice tone="error">{resend.error}</Notice>}
        {formError && <Notice tone="error">{message(formError)}</Notice>}
        {reset.isError && <Notice tone="error">{errorMessage(reset.error, MSG.resetFailed)}</Notice>}
        <Button type="submit" busy={reset.isPending}>
          {t('auth.reset.submit')}
        </Button>
        {needsSecondFactor && passkeysSupported() && (
          <Button type="button" variant="secondary" disabled={reset.isPending} onClick={() => send(true)}>
            {t('auth.passkey.use')}
          </Button>
        )}
      </form>
    </BottomSheet>
  );
}
