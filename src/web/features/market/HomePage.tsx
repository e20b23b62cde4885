/**
 * Home (docs/product.md section 2): top bar (logo -> account drawer, language, bell -> notifications,
 * with the bonus schedule one tap away: docs/decisions/0043-languages.md),
 * notice bar, banner, BTC/ETH/XRP tiles, shortcut cards and the gainers list. Only LiveMarket
 * re-renders on a tick; the static parts pass through it as children and stay untouched.
 */
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { BottomSheet } from '../../components/Overlay';
import { Screen } from '../../components/Screen';
import { Spinner } from '../../components/Spinner';
import { useT } from '../../lib/i18n';
import { NotificationsList } from '../notifications';
import { BalanceCard } from './BalanceCard';
import { GainersList } from './GainersList';
import { BonusBanner, ConvertLink, NoticeBar, ShortcutCards } from './HomeHighlights';
import { HomeTopBar } from './HomeTopBar';
import { useHomeTickers } from './home-tickers';
import { PriceTiles } from './PriceTiles';

/** The drawer loads on the first tap of the logo, as on /login: it is not part of Home's first paint. */
const AccountDrawer = lazy(async () => ({ default: (await import('../account')).AccountDrawer }));
/** Opened from the banner or a notification; loads then (its message table brings zod, decision 0085). */
const BonusSchedule = lazy(async () => ({ default: (await import('./BonusSchedule')).BonusSchedule }));

function LiveMarket({ children }: { children: ReactNode }) {
  const tickers = useHomeTickers();
  return (
    <>
      <PriceTiles tickers={tickers} />
      {children}
      <GainersList tickers={tickers} />
    </>
  );
}

export function HomePage() {
  const t = useT();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [drawerLoaded, setDrawerLoaded] = useState(false);
  const [bonusOpen, setBonusOpen] = useState(false);
  const [notificationsOpen, setNotificationsOpen] = useState(false);
  const openBonus = () => setBonusOpen(true);
  return (
    <>
      <HomeTopBar
        drawerOpen={drawerOpen}
        onOpenMenu={() => {
          setDrawerLoaded(true);
          setDrawerOpen(true);
        }}
        onOpenNotifications={() => setNotificationsOpen(true)}
      />
      <Screen className="gap-3 pt-1">
        <h1 className="sr-only">{t('home.title')}</h1>
        <NoticeBar />
        <BalanceCard />
        <BonusBanner onOpenSchedule={openBonus} />
        <LiveMarket>
          <ShortcutCards />
          <ConvertLink />
        </LiveMarket>
      </Screen>
      {drawerLoaded && (
        <Suspense fallback={null}>
          <AccountDrawer open={drawerOpen} onClose={() => setDrawerOpen(false)} />
        </Suspense>
      )}
      <BottomSheet
        open={notificationsOpen}
        onClose={() => setNotificationsOpen(false)}
        title={t('notifications.title')}
      >
        <Suspense fallback={<Spinner />}>
          <NotificationsList
            onOpenBonusSchedule={() => {
              setNotificationsOpen(false);
              openBonus();
            }}
          />
        </Suspense>
      </BottomSheet>
      <BottomSheet open={bonusOpen} onClose={() => setBonusOpen(false)} title={t('home.bonusSchedule')}>
        <Suspense fallback={<Spinner />}>
          <BonusSchedule />
        </Suspense>
      </BottomSheet>
    </>
  );
}
