/**
 * /safety/two-factor (issue 16): the authenticator app's status; set it up (QR, key, first code),
 * the recovery codes once, and turning it off with a code.
 */
import { useState, type FormEvent } from 'react';
import { TWO_FACTOR_MSG, type TwoFactorStatus } from '../../../shared/api/two-factor';
import { Button } from '../../components/Button';
import { Notice } from '../../components/Notice';
import { PageHeader } from '../../components/PageHeader';
import { Screen } from '../../components/Screen';
import { Spinner } from '../../components/Spinner';
import { TextField } from '../../components/TextField';
import { errorMessage } from '../../lib/api';
import { PATHS } from '../../lib/paths';
import { useTwoFactorDisable, useTwoFactorStatus } from './api/two-factor';
import { RecoveryCodesPanel } from './RecoveryCodesPanel';
import { TwoFactorEnrolment } from './TwoFactorEnrolment';

export function TwoFactorPage() {
  const status = useTwoFactorStatus();
  // Shown once, right after enabling; leaving the page forgets them.
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const [disabledMessage, setDisabledMessage] = useState<string | null>(null);

  let body;
  if (recoveryCodes) body = <RecoveryCodesPanel codes={recoveryCodes} onDone={() => setRecoveryCodes(null)} />;
  else if (status.isPending) body = <Spinner />;
  else if (status.isError)
    body = <Notice tone="error">{errorMessage(status.error, 'Could not load the status')}</Notice>;
  else if (status.data.totp) body = <TwoFactorOn status={status.data} onDisabled={setDisabledMessage} />;
  else
    body = (
      <>
        {disabledMessage && (
          <Notice tone="success" className="mb-3 mt-2">
            {disabledMessage}
          </Notice>
        )}
        <TwoFactorEnrolment
          onEnabled={(answer) => {
            setDisabledMessage(null);
            setRecoveryCodes(answer.recovery_codes);
          }}
        />
      </>
    );

  return (
    <>
      <PageHeader title="Two-factor authentication" fallback={PATHS.safetyCenter} />
      <Screen>{body}</Screen>
    </>
  );
}

function TwoFactorOn({ status, onDisabled }: { status: TwoFactorStatus; onDisabled: (message: string) => void }) {
  const disable = useTwoFactorDisable();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (code.trim() === '') {
      setError(TWO_FACTOR_MSG.enterCode);
      return;
    }
    setError(null);
    disable.mutate({ code: code.trim() }, { onSuccess: (answer) => onDisabled(answer.message) });
  };

  return (
    <>
      <section className="mt-2 rounded-2xl bg-surface px-5 py-5 shadow-card" data-testid="two-factor-on">
        <div className="flex items-center justify-between">
          <h2 className="text-lg font-semibold">Authenticator app</h2>
          <span className="rounded-full bg-up/10 px-3 py-1 text-[13px] font-semibold text-up">On</span>
        </div>
        <p className="mt-2 text-sm text-muted">
          Signing in and withdrawing ask for the 6-digit code of your authenticator app.
        </p>
        <p className="mt-3 text-sm">
          Recovery codes left: <span className="font-semibold">{status.recovery_codes_left}</span> of 10
        </p>
      </section>
      <form
        noValidate
        onSubmit={submit}
        className="mt-4 flex flex-col gap-4 rounded-2xl bg-surface px-5 py-5 shadow-card"
      >
        <div>
          <h2 className="text-lg font-semibold">Turn off</h2>
          <p className="mt-1 text-sm text-muted">
            Your account is easier to take over without it, and withdrawals pause for 24 hours after.
          </p>
        </div>
        <TextField
          label="Authenticator or recovery code"
          name="two_factor_code"
          autoComplete="one-time-code"
          autoCapitalize="none"
          spellCheck={false}
          maxLength={32}
          placeholder="6-digit code"
          value={code}
          onChange={(e) => setCode(e.target.value)}
          error={error ?? undefined}
        />
        {disable.isError && <Notice tone="error">{errorMessage(disable.error, TWO_FACTOR_MSG.wrongCode)}</Notice>}
        <Button type="submit" variant="danger" busy={disable.isPending}>
          Turn off
        </Button>
      </form>
    </>
  );
}
