/** Signup step 1: the email, which gets the code. Next stays disabled until an email is typed. */
import { useState, type FormEvent } from 'react';
import { MSG } from '../../../shared/messages';
import { Button } from '../../components/Button';
import { InfoIcon } from '../../components/icons';
import { Notice } from '../../components/Notice';
import { EmailField } from '../../components/TextField';
import { errorMessage } from '../../lib/api';
import { checkFormLazily } from '../../lib/forms';
import { useT } from '../../lib/i18n';
import { PATHS } from '../../lib/paths';
import { useSendSignupCode } from './api/signup-code';
import { AuthIntro, SwitchAuthLink } from './AuthIntro';
import { authSchemas, preloadAuthSchemas } from './schemas';

interface Props {
  email: string;
  onEmailChange: (email: string) => void;
  onCodeSent: (email: string) => void;
}

export function SignupEmailStep({ email, onEmailChange, onCodeSent }: Props) {
  const t = useT();
  const sendCode = useSendSignupCode();
  const [error, setError] = useState<string>();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void checkFormLazily(async () => (await authSchemas()).emailOnlyBody, { email }).then((form) => {
      setError(form.errors?.email ?? form.errors?.form);
      if (!form.data) return;
      const normalised = form.data.email;
      sendCode.mutate(normalised, { onSuccess: () => onCodeSent(normalised) });
    });
  };

  return (
    <form noValidate onSubmit={submit} onFocus={preloadAuthSchemas} className="flex flex-col gap-4">
      <AuthIntro title={t('auth.signup.title')} subtitle={t('auth.signup.subtitle')} />
      <EmailField value={email} onChange={(e) => onEmailChange(e.target.value)} error={error} />
      <p className="flex gap-2 rounded-xl bg-warn/10 px-3 py-2.5 text-[13px] text-ink">
        <InfoIcon size={18} className="mt-px shrink-0 text-warn" />
        {t('auth.signup.emailFixed')}
      </p>
      {sendCode.isError && <Notice tone="error">{errorMessage(sendCode.error, MSG.sendOtpFailed)}</Notice>}
      <Button type="submit" disabled={email.trim() === ''} busy={sendCode.isPending}>
        {t('auth.signup.next')}
      </Button>
      <SwitchAuthLink question={t('auth.signup.haveAccount')} to={PATHS.login} label={t('auth.signup.logIn')} />
    </form>
  );
}
