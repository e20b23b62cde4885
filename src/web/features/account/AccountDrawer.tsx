/**
 * The side drawer opened from the logo on home (docs/product.md section 2). Logged in: who the user is,
 * links, night mode and Logout. Logged out: a way in, night mode, help, and clear cache.
 */
import type { ComponentType, ReactNode, SVGProps } from 'react';
import { Link } from 'react-router';
import { APP_VERSION } from '../../../shared/constants';
import { cx } from '../../components/cx';
import {
  BellIcon,
  CashIcon,
  ChevronRightIcon,
  HeadsetIcon,
  IdCardIcon,
  InfoIcon,
  LockIcon,
  LogoMark,
  MoonIcon,
  ShareIcon,
  ShieldIcon,
  TrashIcon,
  UserIcon,
} from '../../components/icons';
import { LogoutButton } from '../../components/LogoutButton';
import { SideDrawer } from '../../components/Overlay';
import { Switch } from '../../components/Switch';
import { useT } from '../../lib/i18n';
import { PATHS } from '../../lib/paths';
import { clearAll } from '../../lib/storage';
import { useTheme } from '../../lib/theme';
import { useSession } from '../../lib/use-session';
import { DemoDrawerSection, TryDemoButton } from '../demo';
import { UserCard } from './UserCard';

type Icon = ComponentType<SVGProps<SVGSVGElement> & { size?: number }>;

type LinkLabel =
  `drawer.${'profile' | 'priceAlerts' | 'identityVerification' | 'sharingLinks' | 'fiat' | 'lockUp' | 'safetyCenter' | 'onlineService' | 'aboutUs'}`;

const USER_LINKS: Array<{ to: string; label: LinkLabel; Icon: Icon }> = [
  { to: PATHS.profile, label: 'drawer.profile', Icon: UserIcon },
  { to: PATHS.priceAlerts, label: 'drawer.priceAlerts', Icon: BellIcon },
  { to: PATHS.identityVerification, label: 'drawer.identityVerification', Icon: IdCardIcon },
  { to: PATHS.sharingLink, label: 'drawer.sharingLinks', Icon: ShareIcon },
  { to: PATHS.legalCurrency, label: 'drawer.fiat', Icon: CashIcon },
  { to: PATHS.lockUp, label: 'drawer.lockUp', Icon: LockIcon },
  { to: PATHS.safetyCenter, label: 'drawer.safetyCenter', Icon: ShieldIcon },
  { to: PATHS.support, label: 'drawer.onlineService', Icon: HeadsetIcon },
  { to: PATHS.aboutUs, label: 'drawer.aboutUs', Icon: InfoIcon },
];

const GUEST_LINKS: Array<{ to: string; label: LinkLabel; Icon: Icon }> = [
  { to: PATHS.support, label: 'drawer.onlineService', Icon: HeadsetIcon },
  { to: PATHS.aboutUs, label: 'drawer.aboutUs', Icon: InfoIcon },
];

function DrawerLink({
  to,
  label,
  Icon,
  onNavigate,
}: {
  to: string;
  label: LinkLabel;
  Icon: Icon;
  onNavigate: () => void;
}) {
  const t = useT();
  return (
    <li>
      <Link
        to={to}
        onClick={onNavigate}
        className="flex min-h-[52px] items-center gap-3 rounded-xl px-3 text-[15px] hover:bg-surface-2"
      >
        <Icon size={22} className="text-muted" />
        <span className="flex-1">{t(label)}</span>
        <ChevronRightIcon size={18} className="text-muted" />
      </Link>
    </li>
  );
}

function Section({ children, className }: { children: ReactNode; className?: string }) {
  return <div className={cx('border-t border-line px-2 py-2', className)}>{children}</div>;
}

function NightMode() {
  const { theme, setTheme } = useTheme();
  const t = useT();
  return (
    <div className="px-3">
      <Switch
        label={t('drawer.nightMode')}
        checked={theme === 'dark'}
        onChange={(on) => setTheme(on ? 'dark' : 'light')}
        icon={<MoonIcon size={22} />}
      />
    </div>
  );
}

export function AccountDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const session = useSession();
  const t = useT();

  return (
    <SideDrawer open={open} onClose={onClose} title={t('drawer.title')}>
      {session.loggedIn ? (
        <>
          <UserCard />
          <Section>
            <ul>
              {USER_LINKS.map((link) => (
                <DrawerLink key={link.to} {...link} onNavigate={onClose} />
              ))}
            </ul>
          </Section>
          <Section>
            <NightMode />
          </Section>
          <Section>
            <DemoDrawerSection onDone={onClose} />
          </Section>
          <Section className="mt-auto">
            <LogoutButton />
          </Section>
        </>
      ) : (
        <>
          <div className="flex flex-col gap-3 px-5 pb-5 pt-[max(1.5rem,env(safe-area-inset-top))]">
            <LogoMark size={40} />
            <p className="text-sm text-muted">{t('drawer.welcome')}</p>
            <Link
              to={PATHS.login}
              onClick={onClose}
              className="flex min-h-touch items-center gap-2 text-lg font-semibold text-ink hover:text-primary"
            >
              <UserIcon size={22} />
              {t('drawer.pleaseLogIn')}
              <ChevronRightIcon size={18} className="text-muted" />
            </Link>
            <TryDemoButton />
          </div>
          <Section>
            <NightMode />
          </Section>
          <Section>
            <ul>
              {GUEST_LINKS.map((link) => (
                <DrawerLink key={link.to} {...link} onNavigate={onClose} />
              ))}
            </ul>
          </Section>
          <Section className="mt-auto">
            <button
              type="button"
              onClick={() => {
                clearAll();
                window.location.reload();
              }}
              className="flex min-h-[52px] w-full items-center gap-3 rounded-xl px-3 text-[15px] hover:bg-surface-2"
            >
              <TrashIcon size={22} className="text-muted" />
              {t('drawer.clearCache')}
            </button>
          </Section>
        </>
      )}
      <p className="px-5 pb-[max(1rem,env(safe-area-inset-bottom))] pt-1 text-xs text-muted">
        {t('drawer.version', { version: APP_VERSION })}
      </p>
    </SideDrawer>
  );
}
