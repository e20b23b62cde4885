/** The 10 recovery codes, shown once right after 2FA is turned on or new ones are made (the server keeps only their hashes). */
import { COPY_CONFIRMATION_MS } from '../../../shared/constants';
import { Button } from '../../components/Button';
import { Notice } from '../../components/Notice';
import { useI18n } from '../../lib/i18n';
import { useCopyConfirmation } from '../../lib/use-copy-confirmation';

export function RecoveryCodesPanel({
  codes,
  onDone,
  notice,
}: {
  codes: string[];
  onDone: () => void;
  /** The server's answer when the codes are new ones (docs/decisions/0045); else "2FA is on". */
  notice?: string | undefined;
}) {
  const { t, message } = useI18n();
  const copy = useCopyConfirmation(COPY_CONFIRMATION_MS);
  return (
    <section className="mt-2 flex flex-col gap-4 rounded-2xl bg-surface px-5 py-6 shadow-card">
      <Notice tone="success">{notice ? message(notice) : t('safety.twoFactor.recoveryOn')}</Notice>
      <div>
        <h2 className="text-lg font-semibold">{t('safety.twoFactor.recoveryTitle')}</h2>
        <p className="mt-1 text-sm text-muted">{t('safety.twoFactor.recoveryText')}</p>
      </div>
      <ol
        className="grid grid-cols-2 gap-2 rounded-xl bg-surface-2 p-3 font-mono text-[15px]"
        data-testid="recovery-codes"
      >
        {codes.map((code) => (
          <li key={code} className="rounded-lg px-2 py-1.5 text-center tracking-wider">
            {code}
          </li>
        ))}
      </ol>
      <Button variant="secondary" onClick={() => void copy.copy(codes.join('\n'))}>
        {t('safety.twoFactor.copyCodes')}
      </Button>
      <div aria-live="polite" className="empty:hidden">
        {copy.state === 'copied' && <Notice tone="success">{t('safety.twoFactor.codesCopied')}</Notice>}
        {copy.state === 'failed' && <Notice tone="error">{t('safety.twoFactor.copyCodesFailed')}</Notice>}
      </div>
      <Button onClick={onDone}>{t('safety.twoFactor.savedThem')}</Button>
    </section>
  );
}
