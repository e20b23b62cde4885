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
import { useI18n } from '../../lib/i18n';
import { PATHS } from '../../lib/paths';
import type { useCooldown } from '../../lib/use-cooldown';
import { useSendSignupCode } from './api/signup-code';
import { useSignup } from './api/signup';
import { ResendCodeButton } from './ResendCodeButton';
import { WithValue } from './WithValue';
import { authSchemas } from './schemas';
import type { LoginLocationState } from './LoginPage';

interface Props {
  email: string;
  referralCode?: string;
  resend: ReturnType<typeof useCooldown>;
}

export function SignupDetailsStep({ email, referralCode, resend }: Props) {
  const { t, plural, message } = useI18n();
  const navigate = useNavigate();
  const signup = useSignup();
  const sendCode = useSendSignupCode();
  const [values, setValues] = useState({ first_name: '', last_name: '', otp: '', password: '', confirm: '' });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [notice, setNotice] = useState<string>(MSG.otpSent);
  const done = signup.isSuccess;

  useEffect(() => {
    if (!done) return;
    // The login form opens with this email filled in (docs/decisions/0063-demo-accounts.md).
    const state: LoginLocationState = { email };
    const timer = setTimeout(() => void navigate(PATHS.login, { replace: true, state }), SIGNUP_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [done, navigate, email]);

  /** What each input of the form takes: its name, value, change handler and error. */
  const field = (name: keyof typeof values) => ({
    name,
    value: values[name],
    onChange: (event: { target: { value: string } }) => setValues((v) => ({ ...v, [name]: event.target.value })),
    error: errors[name] && message(errors[name]),
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
        <h1 className="text-[28px] font-bold leading-tight tracking-tight">{t('auth.signup.detailsTitle')}</h1>
        <p className="mt-2 text-[15px] text-muted">
          <WithValue text={t('auth.signup.codeSentTo')} name="email">
            <span className="font-medium text-ink">{email}</span>
          </WithValue>
        </p>
      </div>
      {notice && !done && <Notice tone="success">{message(notice)}</Notice>}
      <div className="grid grid-cols-2 gap-3">
        <TextField label={t('auth.signup.firstName')} autoComplete="given-name" {...field('first_name')} />
        <TextField label={t('auth.signup.lastName')} autoComplete="family-name" {...field('last_name')} />
      </div>
      <CodeField
        {...field('otp')}
        trailing={<ResendCodeButton secondsLeft={resend.secondsLeft} busy={sendCode.isPending} onResend={resendCode} />}
      />
      <PasswordField
        label={t('auth.signup.password')}
        autoComplete="new-password"
        hint={plural('auth.passwordHint', LOGIN_PASSWORD_MIN)}
        {...field('password')}
      />
      <PasswordField label={t('auth.signup.confirmPassword')} autoComplete="new-password" {...field('confirm')} />
      {referralCode && (
        <p className="text-sm text-muted">
          <WithValue text={t('auth.signup.promotionCode')} name="code">
            <span className="font-medium text-ink">{referralCode}</span>
          </WithValue>
        </p>
      )}
      {serverError && <Notice tone="error">{message(serverError)}</Notice>}
      {done && <Notice tone="success">{message(signup.data.message)}</Notice>}
      <Button type="submit" disabled={!allFilled || done} busy={signup.isPending}>
        {t('auth.signup.submit')}
      </Button>
    </form>
  );
}
