/**
 * The second step of /login when the account has 2FA on (docs/security.md): the 6-digit code of the
 * authenticator app, or one of the recovery codes. The ticket of the first step lasts 5 minutes.
 */
import { useState, type FormEvent, type ReactNode } from 'react';
import type { LoginResponse, TwoFactorChallenge } from '../../../shared/api/auth';
import { TWO_FACTOR_MSG } from '../../../shared/api/two-factor';
import { Button } from '../../components/Button';
import { Notice } from '../../components/Notice';
import { errorMessage } from '../../lib/api';
import { useI18n } from '../../lib/i18n';
import { useLoginTwoFactor } from './api/login-two-factor';
import { AuthIntro } from './AuthIntro';
import { TwoFactorCodeField } from './TwoFactorCodeField';

interface Props {
  challenge: TwoFactorChallenge;
  onSignedIn: (session: LoginResponse) => void;
  onBack: () => void;
  /** Other ways to finish the sign-in (a "Use a passkey" button when `challenge.methods` has 'passkey'). */
  alternatives?: ReactNode;
}

export function TwoFactorLoginStep({ challenge, onSignedIn, onBack, alternatives }: Props) {
  const { t, message } = useI18n();
  const login = useLoginTwoFactor();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const hasTotp = challenge.methods.includes('totp');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (code.trim() === '') {
      setError(TWO_FACTOR_MSG.enterCode);
      return;
    }
    setError(null);
    login.mutate({ ticket: challenge.ticket, code: code.trim() }, { onSuccess: onSignedIn });
  };

  return (
    <>
      <AuthIntro title={t('auth.twoFactor.title')} subtitle={t('auth.twoFactor.subtitle')} />
      {hasTotp && (
        <form noValidate onSubmit={submit} className="flex flex-col gap-4">
          <TwoFactorCodeField
            placeholder="123456"
            value={code}
            onChange={(e) => setCode(e.target.value)}
            error={error === null ? undefined : message(error)}
            autoFocus
          />
          {login.isError && <Notice tone="error">{errorMessage(login.error, TWO_FACTOR_MSG.wrongCode)}</Notice>}
          <Button type="submit" busy={login.isPending}>
            {t('auth.twoFactor.verify')}
          </Button>
        </form>
      )}
      {alternatives && <div className="mt-3 flex flex-col gap-3">{alternatives}</div>}
      <Button variant="ghost" className="mt-3" onClick={onBack}>
        {t('auth.twoFactor.back')}
      </Button>
    </>
  );
}
