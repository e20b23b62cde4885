/** The five tabs of docs/product.md section 2: an icon above a small label, the current one in blue. */
import { NavLink } from 'react-router';
import { ExchangeIcon, HomeIcon, LeverIcon, MarketsIcon, WalletIcon } from '../../components/icons';
import { cx } from '../../components/cx';
import { useT } from '../../lib/i18n';
import { PATHS } from '../../lib/paths';

const TABS = [
  { to: PATHS.home, label: 'nav.home', Icon: HomeIcon },
  { to: PATHS.markets, label: 'nav.markets', Icon: MarketsIcon },
  { to: PATHS.exchange, label: 'nav.exchange', Icon: ExchangeIcon },
  { to: PATHS.lever, label: 'nav.lever', Icon: LeverIcon },
  { to: PATHS.assets, label: 'nav.assets', Icon: WalletIcon },
] as const;

export function BottomNav() {
  const t = useT();
  return (
    <nav
      aria-label={t('nav.main')}
      className="fixed inset-x-0 bottom-0 z-30 mx-auto max-w-app border-t border-line bg-surface/95 pb-[env(safe-area-inset-bottom)] backdrop-blur"
    >
      <ul className="grid grid-cols-5">
        {TABS.map(({ to, label, Icon }) => (
          <li key={to}>
            <NavLink
              to={to}
              className={({ isActive }) =>
                cx(
                  'flex h-[60px] flex-col items-center justify-center gap-1 text-[11px] font-medium transition-colors',
                  isActive ? 'text-primary' : 'text-muted hover:text-ink',
                )
              }
            >
              {({ isActive }) => (
                <>
                  <Icon size={22} strokeWidth={isActive ? 2.2 : 1.8} />
                  <span>{t(label)}</span>
                </>
              )}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
