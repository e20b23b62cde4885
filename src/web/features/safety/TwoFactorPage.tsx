/**
 * /safety/two-factor (docs/security.md): the authenticator app's status; set it up (QR, key, first code),
 * the recovery codes once, new recovery codes and turning it off with a code.
 */
import { useState, type FormEvent } from 'react';
import { TWO_FACTOR_MSG, type TwoFactorEnabledResponse, type TwoFactorStatus } from '../../../shared/api/two-factor';
import { Button } from '../../components/Button';
import { Notice } from '../../components/Notice';
import { PageHeader } from '../../components/PageHeader';
import { Screen } from '../../components/Screen';
import { Spinner } from '../../components/Spinner';
import { TextField } from '../../components/TextField';
import { errorMessage } from '../../lib/api';
import { useI18n } from '../../lib/i18n';
import { PATHS } from '../../lib/paths';
import { useTwoFactorDisable, useTwoFactorRecoveryCodes, useTwoFactorStatus } from './api/two-factor';
import { RecoveryCodesPanel } from './RecoveryCodesPanel';
import { TwoFactorEnrolment } from './TwoFactorEnrolment';

export function TwoFactorPage() {
  const { t, message } = useI18n();
  const status = useTwoFactorStatus();
  // Shown once, right after enabling; leaving the page forgets them.
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const [disabledMessage, setDisabledMessage] = useState<string | null>(null);
  const [renewedMessage, setRenewedMessage] = useState<string | null>(null);

  let body;
  if (recoveryCodes)
    body = (
      <RecoveryCodesPanel
        codes={recoveryCodes}
        notice={renewedMessage ?? undefined}
        onDone={() => {
          setRecoveryCodes(null);
          setRenewedMessage(null);
        }}
      />
    );
  else if (status.isPending) body = <Spinner />;
  else if (status.isError)
    body = <Notice tone="error">{errorMessage(status.error, t('safety.twoFactor.loadFailed'))}</Notice>;
  else if (status.data.totp)
    body = (
      <TwoFactorOn
        status={status.data}
        onDisabled={setDisabledMessage}
        onRenewed={(answer) => {
          setRenewedMessage(answer.message);
          setRecoveryCodes(answer.recovery_codes);
        }}
      />
    );
  else
    body = (
      <>
        {disabledMessage && (
          <Notice tone="success" className="mb-3 mt-2">
            {message(disabledMessage)}
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
      <PageHeader title={t('safety.twoFactor.title')} fallback={PATHS.safetyCenter} />
      <Screen>{body}</Screen>
    </>
  );
}

function TwoFactorOn({
  status,
  onDisabled,
  onRenewed,
}: {
  status: TwoFactorStatus;
  onDisabled: (message: string) => void;
  onRenewed: (answer: TwoFactorEnabledResponse) => void;
}) {
  const { t } = useI18n();
  const disable = useTwoFactorDisable();
  // Ten new recovery codes for the old ones, with a current code (docs/decisions/0045).
  const renew = useTwoFactorRecoveryCodes();
  const [leftBefore = '', leftAfter = ''] = t('safety.twoFactor.recoveryLeft').split('{{left}}');

  return (
    <>
      <section className="mt-2 rounded-2xl bg-surface px-5 py-5 shadow-card" data-testid="two-factor-on">
        <div className="flex items-center justify-between">
          <h2 className="text-lg font-semibold">{t('safety.twoFactor.app')}</h2>
          <span className="rounded-full bg-up/10 px-3 py-1 text-[13px] font-semibold text-up">
            {t('safety.twoFactor.on')}
          </span>
        </div>
        <p className="mt-2 text-sm text-muted">{t('safety.twoFactor.onText')}</p>
        <p className="mt-3 text-sm">
          {leftBefore}
          <span className="font-semibold">{status.recovery_codes_left}</span>
          {leftAfter}
        </p>
      </section>
      <CodeForm
        testId="turn-off"
        name="two_factor_code"
        title={t('safety.twoFactor.turnOffTitle')}
        text={t('safety.twoFactor.turnOffText')}
        action={t('safety.twoFactor.turnOff')}
        variant="danger"
        mutation={disable}
        onSubmit={(code) => disable.mutate({ code }, { onSuccess: (answer) => onDisabled(answer.message) })}
      />
      <CodeForm
        testId="renew-recovery-codes"
        name="renew_code"
        title={t('safety.twoFactor.renewTitle')}
        text={t('safety.twoFactor.renewText')}
        action={t('safety.twoFactor.renew')}
        variant="secondary"
        mutation={renew}
        onSubmit={(code, done) => renew.mutate({ code }, { onSuccess: onRenewed, onSettled: done })}
      />
    </>
  );
}

/**
 * A card asking for a current code (TOTP or recovery) to do one thing with it. `clear` empties the
 * field: the renewal clears it when the request settles (the code is used up either way).
 */
function CodeForm({
  testId,
  name,
  title,
  text,
  action,
  variant,
  mutation,
  onSubmit,
}: {
  testId: string;
  name: string;
  title: string;
  text: string;
  action: string;
  variant: 'danger' | 'secondary';
  mutation: { isPending: boolean; isError: boolean; error: unknown };
  onSubmit: (code: string, clear: () => void) => void;
}) {
  const { t, message } = useI18n();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (code.trim() === '') {
      setError(message(TWO_FACTOR_MSG.enterCode));
      return;
    }
    setError(null);
    onSubmit(code.trim(), () => setCode(''));
  };
  return (
    <form
      noValidate
      onSubmit={submit}
      className="mt-4 flex flex-col gap-4 rounded-2xl bg-surface px-5 py-5 shadow-card"
      data-testid={testId}
    >
      <div>
        <h2 className="text-lg font-semibold">{title}</h2>
        <p className="mt-1 text-sm text-muted">{text}</p>
      </div>
      <TextField
        label={t('safety.twoFactor.codeLabel')}
        name={name}
        autoComplete="one-time-code"
        autoCapitalize="none"
        spellCheck={false}
        maxLength={32}
        placeholder={t('safety.twoFactor.codePlaceholder')}
        value={code}
        onChange={(e) => setCode(e.target.value)}
        error={error ?? undefined}
      />
      {mutation.isError && <Notice tone="error">{errorMessage(mutation.error, TWO_FACTOR_MSG.wrongCode)}</Notice>}
      <Button type="submit" variant={variant} busy={mutation.isPending}>
        {action}
      </Button>
    </form>
  );
}
