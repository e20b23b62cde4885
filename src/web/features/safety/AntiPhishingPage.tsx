/**
 * /safety/anti-phishing-code (docs/security.md "## Withdrawal protection and anti-phishing"): the
 * code every Coinfront mail starts with once it is set, shown masked; set or change it. With
 * two-factor authentication on, the change needs the authenticator code too.
 */
import { useState, type FormEvent } from 'react';
import { ANTI_PHISHING_PATTERN, PROTECTION_MSG } from '../../../shared/api/protection';
import { Button } from '../../components/Button';
import { Notice } from '../../components/Notice';
import { PageHeader } from '../../components/PageHeader';
import { Screen } from '../../components/Screen';
import { TextField } from '../../components/TextField';
import { errorMessage } from '../../lib/api';
import { useI18n } from '../../lib/i18n';
import { PATHS } from '../../lib/paths';
import { useSecurityStatus, useSetAntiPhishingCode } from './api/protection';

export function AntiPhishingPage() {
  const { t, message } = useI18n();
  const status = useSecurityStatus();
  const save = useSetAntiPhishingCode();
  const [code, setCode] = useState('');
  const [twoFactor, setTwoFactor] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const current = status.data?.anti_phishing_code ?? null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const value = code.trim();
    if (!ANTI_PHISHING_PATTERN.test(value)) {
      setProblem(message(PROTECTION_MSG.antiPhishingFormat));
      return;
    }
    setProblem(null);
    save.mutate(
      { code: value, ...(twoFactor.trim() ? { two_factor_code: twoFactor.trim() } : {}) },
      { onSuccess: () => setCode('') },
    );
  };

  return (
    <>
      <PageHeader title={t('safety.antiPhishing.title')} fallback={PATHS.safetyCenter} />
      <Screen>
        <section className="mt-2 rounded-2xl bg-surface p-4 shadow-card">
          <p className="text-[13px] text-muted">{t('safety.antiPhishing.yourCode')}</p>
          <p className="mt-1 font-mono text-xl font-semibold tracking-widest" data-testid="anti-phishing-current">
            {current ?? t('safety.antiPhishing.notSet')}
          </p>
          <p className="mt-3 text-[13px] text-muted">{t('safety.antiPhishing.explain')}</p>
        </section>
        <form noValidate onSubmit={submit} className="mt-4 flex flex-col gap-4">
          <TextField
            label={current ? t('safety.antiPhishing.newCode') : t('safety.antiPhishing.code')}
            name="anti-phishing-code"
            autoComplete="off"
            spellCheck={false}
            maxLength={20}
            hint={t('safety.antiPhishing.hint')}
            value={code}
            onChange={(e) => setCode(e.target.value)}
            error={problem}
          />
          <TextField
            label={t('safety.antiPhishing.twoFactorCode')}
            name="two-factor-code"
            autoComplete="one-time-code"
            inputMode="numeric"
            maxLength={32}
            hint={t('safety.antiPhishing.twoFactorHint')}
            value={twoFactor}
            onChange={(e) => setTwoFactor(e.target.value)}
          />
          {save.isError && (
            <Notice tone="error">{errorMessage(save.error, t('safety.antiPhishing.saveFailed'))}</Notice>
          )}
          {save.isSuccess && <Notice tone="success">{message(save.data.message)}</Notice>}
          <Button type="submit" busy={save.isPending}>
            {current ? t('safety.antiPhishing.change') : t('safety.antiPhishing.set')}
          </Button>
        </form>
      </Screen>
    </>
  );
}
