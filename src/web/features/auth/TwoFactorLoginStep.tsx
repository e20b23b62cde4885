/**
 * The second step of /login when the account has 2FA on (issue 16): the 6-digit code of the
 * authenticator app, or one of the recovery codes. The ticket of the first step lasts 5 minutes.
 */
import { useState, type FormEvent, type ReactNode } from 'react';
import type { LoginResponse, TwoFactorChallenge } from '../../../shared/api/auth';
import { TWO_FACTOR_MSG } from '../../../shared/api/two-factor';
import { Button } from '../../components/Button';
import { Notice } from '../../components/Notice';
import { TextField } from '../../components/TextField';
import { errorMessage } from '../../lib/api';
import { useLoginTwoFactor } from './api/login-two-factor';
import { AuthIntro } from './AuthIntro';

interface Props {
  challenge: TwoFactorChallenge;
  onSignedIn: (session: LoginResponse) => void;
  onBack: () => void;
  /** Other ways to finish the sign-in (a "Use a passkey" button when `challenge.methods` has 'passkey'). */
  alternatives?: ReactNode;
}

export function TwoFactorLoginStep({ challenge, onSignedIn, onBack, alternatives }: Props) {
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
      <AuthIntro
        title="Two-factor authentication"
        subtitle="Enter the 6-digit code from your authenticator app, or one of your recovery codes."
      />
      {hasTotp && (
        <form noValidate onSubmit={submit} className="flex flex-col gap-4">
          <TextField
            label="Authentication code"
            name="two_factor_code"
            autoComplete="one-time-code"
            autoCapitalize="none"
            spellCheck={false}
            maxLength={32}
            placeholder="123456"
            value={code}
            onChange={(e) => setCode(e.target.value)}
            error={error ?? undefined}
            hint="A recovery code works once, if you have lost your phone."
            autoFocus
          />
          {login.isError && <Notice tone="error">{errorMessage(login.error, TWO_FACTOR_MSG.wrongCode)}</Notice>}
          <Button type="submit" busy={login.isPending}>
            Verify
          </Button>
        </form>
      )}
      {alternatives && <div className="mt-3 flex flex-col gap-3">{alternatives}</div>}
      <Button variant="ghost" className="mt-3" onClick={onBack}>
        Back to log in
      </Button>
    </>
  );
}
