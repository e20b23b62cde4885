/** /about-us: who we are, static text, and the app version (docs/product.md sections 2 and 9). */
import { Link } from 'react-router';
import { ChevronRightIcon, HeadsetIcon, InfoIcon, LogoMark } from '../../components/icons';
import { PageHeader } from '../../components/PageHeader';
import { Screen } from '../../components/Screen';
import { APP_VERSION } from '../../../shared/constants';
import { useT } from '../../lib/i18n';
import { PATHS } from '../../lib/paths';
import { ABOUT_US } from './content';
import { TextSections } from './TextSections';

const LINKS = [
  { to: PATHS.importantNotice, label: 'pages.aboutUs.importantNotice', Icon: InfoIcon },
  { to: PATHS.support, label: 'pages.aboutUs.onlineService', Icon: HeadsetIcon },
] as const;

/** The brand, the same in every language. */
const BRAND = 'Coinfront';

export function AboutUsPage() {
  const t = useT();
  return (
    <>
      <PageHeader title={t('pages.aboutUs.title')} fallback="/home" />
      <Screen className="gap-4">
        <div className="mt-2 flex flex-col items-center gap-2 py-4 text-center">
          <LogoMark size={56} />
          <p className="text-xl font-bold">{BRAND}</p>
          <p className="text-sm text-muted">{t('pages.version', { version: APP_VERSION })}</p>
        </div>
        <TextSections sections={ABOUT_US} />
        <ul className="divide-y divide-line overflow-hidden rounded-2xl bg-surface shadow-card">
          {LINKS.map(({ to, label, Icon }) => (
            <li key={to}>
              <Link to={to} className="flex min-h-[52px] items-center gap-3 px-4 hover:bg-surface-2">
                <Icon size={20} className="text-primary" />
                <span className="flex-1 text-[15px]">{t(label)}</span>
                <ChevronRightIcon size={18} className="text-muted" />
              </Link>
            </li>
          ))}
        </ul>
      </Screen>
    </>
  );
}
