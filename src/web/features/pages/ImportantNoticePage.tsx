/** /important-notice (public): the compliance notice, static text (docs/product.md section 2). */
import { InfoIcon } from '../../components/icons';
import { PageHeader } from '../../components/PageHeader';
import { Screen } from '../../components/Screen';
import { useT } from '../../lib/i18n';
import { IMPORTANT_NOTICE } from './content';
import { TextSections } from './TextSections';

export function ImportantNoticePage() {
  const t = useT();
  return (
    <>
      <PageHeader title={t('pages.importantNotice.title')} fallback="/home" />
      <Screen className="gap-4">
        <div className="mt-2 flex items-start gap-3 rounded-2xl bg-warn/15 px-4 py-3">
          <InfoIcon size={20} className="mt-0.5 shrink-0 text-[#B7791F] dark:text-warn" aria-hidden="true" />
          <p className="text-sm font-medium">{t('pages.importantNotice.intro')}</p>
        </div>
        <TextSections sections={IMPORTANT_NOTICE} />
      </Screen>
    </>
  );
}
