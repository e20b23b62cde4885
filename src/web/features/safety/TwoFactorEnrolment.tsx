/**
 * Turning on the authenticator app (docs/security.md): a new secret as a QR code and as text (to type or
 * copy), then the app's current 6-digit code confirms it.
 */
import { QRCodeSVG } from 'qrcode.react';
import { useState, type FormEvent } from 'react';
import { COPY_CONFIRMATION_MS } from '../../../shared/constants';
import { TWO_FACTOR_MSG, type TwoFactorEnabledResponse } from '../../../shared/api/two-factor';
import { Button } from '../../components/Button';
import { Notice } from '../../components/Notice';
import { TextField } from '../../components/TextField';
import { errorMessage } from '../../lib/api';
import { useI18n } from '../../lib/i18n';
import { useCopyConfirmation } from '../../lib/use-copy-confirmation';
import { useTwoFactorEnable, useTwoFactorSetup } from './api/two-factor';
import { FactorProofFields, useFactorProof } from './FactorProof';

/** The secret in groups of four, as authenticator apps show it for typing. */
const grouped = (secret: string) => secret.replace(/(.{4})(?=.)/g, '$1 ');

export function TwoFactorEnrolment({ onEnabled }: { onEnabled: (answer: TwoFactorEnabledResponse) => void }) {
  const { t, message } = useI18n();
  const setup = useTwoFactorSetup();
  const enable = useTwoFactorEnable();
  const proof = useFactorProof();
  const copy = useCopyConfirmation(COPY_CONFIRMATION_MS);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);

  if (!setup.data) {
    const start = (event: FormEvent) => {
      event.preventDefault();
      setup.mutate(proof.build, { onError: proof.clear });
    };
    return (
      <form
        noValidate
        onSubmit={start}
        className="mt-2 flex flex-col gap-4 rounded-2xl bg-surface px-5 py-6 shadow-card"
      >
        <div>
          <h2 className="text-lg font-semibold">{t('safety.twoFactor.protectTitle')}</h2>
          <p className="mt-2 text-sm text-muted">{t('safety.twoFactor.protectText')}</p>
        </div>
        {/* Setting up needs the proof of docs/decisions/0045: a passkey, or the password and an emailed code. */}
        <FactorProofFields proof={proof} />
        {setup.isError && <Notice tone="error">{errorMessage(setup.error, t('safety.twoFactor.setupFailed'))}</Notice>}
        <Button type="submit" className="mt-1" busy={setup.isPending} disabled={!proof.ready}>
          {t('safety.twoFactor.setUp')}
        </Button>
      </form>
    );
  }

  const { secret, otpauth_url: url } = setup.data;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!/^\d{6}$/.test(code.trim())) {
      setError(message(TWO_FACTOR_MSG.enterCode));
      return;
    }
    setError(null);
    enable.mutate({ code: code.trim() }, { onSuccess: onEnabled });
  };

  return (
    <section className="mt-2 flex flex-col gap-5 rounded-2xl bg-surface px-5 py-6 shadow-card">
      <div>
        <h2 className="text-lg font-semibold">{t('safety.twoFactor.scanTitle')}</h2>
        <p className="mt-1 text-sm text-muted">{t('safety.twoFactor.scanText')}</p>
      </div>
      {/* Dark on white in both themes: scanners read dark modules on a light background. */}
      <div className="self-center rounded-2xl bg-white p-3">
        <QRCodeSVG
          value={url}
          level="M"
          size={184}
          marginSize={2}
          role="img"
          aria-label={t('safety.twoFactor.qrLabel')}
          data-testid="two-factor-qr"
        />
      </div>
      <div>
        <p className="text-[13px] font-medium text-muted">{t('safety.twoFactor.byHand')}</p>
        <p
          className="mt-1 select-all break-all font-mono text-base font-semibold tracking-wider"
          data-testid="two-factor-secret"
        >
          {grouped(secret)}
        </p>
        <Button variant="secondary" className="mt-3" onClick={() => void copy.copy(secret)}>
          {t('safety.twoFactor.copyKey')}
        </Button>
        <div aria-live="polite" className="mt-2 empty:hidden">
          {copy.state === 'copied' && <Notice tone="success">{t('safety.twoFactor.keyCopied')}</Notice>}
          {copy.state === 'failed' && <Notice tone="error">{t('safety.twoFactor.copyKeyFailed')}</Notice>}
        </div>
      </div>
      <form noValidate onSubmit={submit} className="flex flex-col gap-4">
        <h2 className="text-lg font-semibold">{t('safety.twoFactor.enterTitle')}</h2>
        <TextField
          label={t('safety.twoFactor.googleCode')}
          name="two_factor_code"
          autoComplete="one-time-code"
          inputMode="numeric"
          maxLength={6}
          placeholder={t('safety.twoFactor.codePlaceholder')}
          value={code}
          onChange={(e) => setCode(e.target.value)}
          error={error ?? undefined}
        />
        {enable.isError && <Notice tone="error">{errorMessage(enable.error, TWO_FACTOR_MSG.wrongCode)}</Notice>}
        <Button type="submit" busy={enable.isPending}>
          {t('safety.twoFactor.turnOn')}
        </Button>
      </form>
    </section>
  );
}
