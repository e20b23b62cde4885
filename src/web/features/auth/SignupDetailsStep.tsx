/**
 * Signup step 2: name, the emailed code and a password (docs/product.md section 5: all required, the button
 * disabled until all are filled, 'Passwords do not match'). Success shows the server's message and
 * goes to /login after 2 seconds.
 */
import { useEffect, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { LOGIN_PASSWORD_MIN, OTP_RESEND_MS, SIGNUP_REDIRECT_MS } from '../../../shared/constants';
import { MSG } from '../../../shared/messages';
import { Button } from '../../components/Button';
import { Notice } from '../../components/Notice';
import { CodeField, PasswordField, TextField } from '../../components/TextField';
import { errorMessage } from '../../lib/api';
import { checkFormLazily, type FieldErrors } from '../../lib/forms';
import { PATHS } from '../../lib/paths';
import type { useCooldown } from '../../lib/use-cooldown';
import { useSendSignupCode } from './api/signup-code';
import { useSignup } from './api/signup';
import { ResendCodeButton } from './ResendCodeButton';
import { authSchemas } from './schemas';

interface Props {
  email: string;
  referralCode?: string;
  resend: ReturnType<typeof useCooldown>;
}

export function SignupDetailsStep({ email, referralCode, resend }: Props) {
  const navigate = useNavigate();
  const signup = useSignup();
  const sendCode = useSendSignupCode();
  const [values, setValues] = useState({ first_name: '', last_name: '', otp: '', password: '', confirm: '' });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [notice, setNotice] = useState<string>(MSG.otpSent);
  const done = signup.isSuccess;

  useEffect(() => {
    if (!done) return;
    const timer = setTimeout(() => void navigate(PATHS.login, { replace: true }), SIGNUP_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [done, navigate]);

  /** What each input of the form takes: its name, value, change handler and error. */
  const field = (name: keyof typeof values) => ({
    name,
    value: values[name],
    onChange: (event: { target: { value: string } }) => setValues((v) => ({ ...v, [name]: event.target.value })),
    error: errors[name],
  });
  const allFilled = Object.values(values).every((v) => v.trim() !== '');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (values.password !== values.confirm) {
      setErrors({ confirm: MSG.passwordsDoNotMatch });
      return;
    }
    const { confirm: _confirm, ...body } = values;
    const form = { ...body, email, ...(referralCode ? { referral_code: referralCode } : {}) };
    void checkFormLazily(async () => (await authSchemas()).signupBody, form).then((checked) => {
      setErrors(checked.errors ?? {});
      if (!checked.data) return;
      setNotice('');
      signup.mutate(checked.data);
    });
  };

  const resendCode = () => {
    setNotice('');
    signup.reset();
    sendCode.mutate(email, {
      onSuccess: () => {
        resend.start(OTP_RESEND_MS);
        setNotice(MSG.otpSent);
      },
    });
  };

  const serverError = signup.isError
    ? errorMessage(signup.error, MSG.signupFailed)
    : sendCode.isError
      ? errorMessage(sendCode.error, MSG.sendOtpFailed)
      : errors.form;

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4">
      <div className="mb-2 mt-2">
        <h1 className="text-[28px] font-bold leading-tight tracking-tight">Your details</h1>
        <p className="mt-2 text-[15px] text-muted">
          Enter the code we sent to <span className="font-medium text-ink">{email}</span>.
        </p>
      </div>
      {notice && !done && <Notice tone="success">{notice}</Notice>}
      <div className="grid grid-cols-2 gap-3">
        <TextField label="First name" autoComplete="given-name" {...field('first_name')} />
        <TextField label="Last name" autoComplete="family-name" {...field('last_name')} />
      </div>
      <CodeField
        {...field('otp')}
        trailing={<ResendCodeButton secondsLeft={resend.secondsLeft} busy={sendCode.isPending} onResend={resendCode} />}
      />
      <PasswordField
        label="Password"
        autoComplete="new-password"
        hint={`At least ${LOGIN_PASSWORD_MIN} characters`}
        {...field('password')}
      />
      <PasswordField label="Confirm password" autoComplete="new-password" {...field('confirm')} />
      {referralCode && (
        <p className="text-sm text-muted">
          Promotion code: <span className="font-medium text-ink">{referralCode}</span>
        </p>
      )}
      {serverError && <Notice tone="error">{serverError}</Notice>}
      {done && <Notice tone="success">{signup.data.message}</Notice>}
      <Button type="submit" disabled={!allFilled || done} busy={signup.isPending}>
        Sign up
      </Button>
    </form>
  );
}
