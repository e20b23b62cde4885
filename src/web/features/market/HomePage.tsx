/**
 * Home. Until the market capability fills it: the top bar whose logo opens the account drawer
 * (SPEC.md section 2) and a placeholder body.
 */
import { useState } from 'react';
import { ComingSoon } from '../../components/ComingSoon';
import { LogoMark } from '../../components/icons';
import { Screen } from '../../components/Screen';
import { AccountDrawer } from '../account';

export function HomePage() {
  const [drawerOpen, setDrawerOpen] = useState(false);
  return (
    <>
      <header className="flex h-14 items-center gap-2 px-2">
        <button
          type="button"
          onClick={() => setDrawerOpen(true)}
          aria-label="Open menu"
          aria-haspopup="dialog"
          aria-expanded={drawerOpen}
          className="flex h-touch items-center gap-2 rounded-xl px-2 hover:bg-surface-2"
        >
          <LogoMark size={30} />
          <span className="text-lg font-bold tracking-tight">Coinfront</span>
        </button>
      </header>
      <Screen>
        <h1 className="sr-only">Home</h1>
        <ComingSoon title="Home" />
      </Screen>
      <AccountDrawer open={drawerOpen} onClose={() => setDrawerOpen(false)} />
    </>
  );
}
