/**
 * /sharing-link (docs/product.md section 2 "Other user screens"): a QR code (level H, size 200) of the
 * registration link carrying the user's promotion code, the code as text, and 'Copy Code'.
 * Whoever signs up through the link is recorded as referred by this user.
 */
import { QRCodeSVG } from 'qrcode.react';
import { COPY_CONFIRMATION_MS, QR_LEVEL, QR_SIZE } from '../../../shared/constants';
import { MSG } from '../../../shared/messages';
import { Button } from '../../components/Button';
import { Notice } from '../../components/Notice';
import { PageHeader } from '../../components/PageHeader';
import { Screen } from '../../components/Screen';
import { Spinner } from '../../components/Spinner';
import { useUserInfo } from '../account';
import { registrationLink } from './registration-link';
import { useCopyConfirmation } from '../../lib/use-copy-confirmation';
import { useI18n } from '../../lib/i18n';

export function SharingLinkPage() {
  const info = useUserInfo();
  const copy = useCopyConfirmation(COPY_CONFIRMATION_MS);
  const { t, message } = useI18n();

  return (
    <>
      <PageHeader title={t('pages.sharingLink.title')} fallback="/home" />
      <Screen>
        {info.isPending ? (
          <Spinner />
        ) : info.isError ? (
          <div className="mt-4 flex flex-col gap-3">
            <Notice tone="error">{message(MSG.fetchUserFailed)}</Notice>
            <Button variant="secondary" onClick={() => void info.refetch()}>
              {t('pages.tryAgain')}
            </Button>
          </div>
        ) : (
          <SharingCard code={info.data.promotion_code} copy={copy} />
        )}
      </Screen>
    </>
  );
}

function SharingCard({ code, copy }: { code: string; copy: ReturnType<typeof useCopyConfirmation> }) {
  const link = registrationLink(window.location.origin, code);
  const { t, message } = useI18n();
  return (
    <section className="mt-2 flex flex-col items-center gap-5 rounded-2xl bg-surface px-5 py-6 text-center shadow-card">
      <div>
        <h2 className="text-lg font-semibold">{t('pages.sharingLink.heading')}</h2>
        <p className="mt-1 text-sm text-muted">{t('pages.sharingLink.intro')}</p>
      </div>
      {/* Dark on white in both themes: scanners read dark modules on a light background. */}
      <div className="rounded-2xl bg-white p-3">
        <QRCodeSVG
          value={link}
          level={QR_LEVEL}
          size={QR_SIZE}
          marginSize={2}
          role="img"
          aria-label={t('pages.sharingLink.qrLabel')}
          data-testid="sharing-qr"
        />
      </div>
      <div className="w-full">
        <p className="text-[13px] font-medium text-muted">{t('pages.sharingLink.codeLabel')}</p>
        <p className="mt-1 select-all font-mono text-2xl font-semibold tracking-[0.2em]" data-testid="promotion-code">
          {code}
        </p>
      </div>
      <p className="w-full break-all rounded-xl bg-surface-2 px-3 py-2 text-left text-[13px] text-muted">
        <span className="sr-only">{t('pages.sharingLink.linkLabel')}: </span>
        {link}
      </p>
      <Button onClick={() => void copy.copy(code)}>{t('pages.sharingLink.copyCode')}</Button>
      <div aria-live="polite" className="min-h-[44px] w-full">
        {copy.state === 'copied' && <Notice tone="success">{message(MSG.promotionCodeCopied)}</Notice>}
        {copy.state === 'failed' && <Notice tone="error">{t('pages.sharingLink.copyFailed')}</Notice>}
      </div>
    </section>
  );
}
