/** The bottom sheet of /forgot-password: the emailed code and the new password, with a resend link. */
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { LOGIN_PASSWORD_MIN } from '../../../shared/constants';
import { MSG } from '../../../shared/messages';
import { Button } from '../../components/Button';
import { Notice } from '../../components/Notice';
import { BottomSheet } from '../../components/Overlay';
import { CodeField, PasswordField } from '../../components/TextField';
import { errorMessage } from '../../lib/api';
import { checkFormLazily, type FieldErrors } from '../../lib/forms';
import { PATHS } from '../../lib/paths';
import { useResetPassword } from './api/reset-password';
import type { LoginLocationState } from './LoginPage';
import { ResendCodeButton } from './ResendCodeButton';
import { authSchemas } from './schemas';

interface Props {
  open: boolean;
  onClose: () => void;
  email: string;
  resend: { secondsLeft: number; busy: boolean; error?: string; onResend: (onSent: () => void) => void };
}

export function ResetPasswordSheet({ open, onClose, email, resend }: Props) {
  const navigate = useNavigate();
  const reset = useResetPassword();
  const [otp, setOtp] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string>();
  const [resent, setResent] = useState(false);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFormError(undefined);
    setErrors({});
    if (otp.trim() === '' || password === '') return setFormError(MSG.enterOtpAndPassword);
    void checkFormLazily(async () => (await authSchemas()).resetPasswordBody, { email, otp, password }).then((form) => {
      if (!form.data) {
        setErrors(form.errors);
        return setFormError(form.errors.form);
      }
      reset.mutate(form.data, {
        onSuccess: (answer) => {
          const state: LoginLocationState = { notice: answer.message };
          void navigate(PATHS.login, { replace: true, state });
        },
      });
    });
  };

  return (
    <BottomSheet open={open} onClose={onClose} title="Set a new password">
      <form noValidate onSubmit={submit} className="flex flex-col gap-4">
        <p className="text-sm text-muted">
          We sent a code to <span className="font-medium text-ink">{email}</span> if an account exists for it.
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
          label="New password"
          name="new-password"
          autoComplete="new-password"
          hint={`At least ${LOGIN_PASSWORD_MIN} characters`}
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          error={errors.password}
        />
        {resent && !resend.error && <Notice tone="success">{MSG.otpSent}</Notice>}
        {resend.error && <Notice tone="error">{resend.error}</Notice>}
        {formError && <Notice tone="error">{formError}</Notice>}
        {reset.isError && <Notice tone="error">{errorMessage(reset.error, MSG.resetFailed)}</Notice>}
        <Button type="submit" busy={reset.isPending}>
          Reset password
        </Button>
      </form>
    </BottomSheet>
  );
}
