/** /about-us: who we are, static text, and the app version (docs/product.md sections 2 and 9). */
import { Link } from 'react-router';
import { ChevronRightIcon, HeadsetIcon, InfoIcon, LogoMark } from '../../components/icons';
import { PageHeader } from '../../components/PageHeader';
import { Screen } from '../../components/Screen';
import { PATHS } from '../../lib/paths';
import { ABOUT_US, PAGES_TEXT } from './content';
import { TextSections } from './TextSections';

const LINKS = [
  { to: PATHS.importantNotice, label: 'Important Notice', Icon: InfoIcon },
  { to: PATHS.support, label: 'Online service', Icon: HeadsetIcon },
];

export function AboutUsPage() {
  return (
    <>
      <PageHeader title="About Us" fallback="/home" />
      <Screen className="gap-4">
        <div className="mt-2 flex flex-col items-center gap-2 py-4 text-center">
          <LogoMark size={56} />
          <p className="text-xl font-bold">Coinfront</p>
          <p className="text-sm text-muted">{PAGES_TEXT.version}</p>
        </div>
        <TextSections sections={ABOUT_US} />
        <ul className="divide-y divide-line overflow-hidden rounded-2xl bg-surface shadow-card">
          {LINKS.map(({ to, label, Icon }) => (
            <li key={to}>
              <Link to={to} className="flex min-h-[52px] items-center gap-3 px-4 hover:bg-surface-2">
                <Icon size={20} className="text-primary" />
                <span className="flex-1 text-[15px]">{label}</span>
                <ChevronRightIcon size={18} className="text-muted" />
              </Link>
            </li>
          ))}
        </ul>
      </Screen>
    </>
  );
}
