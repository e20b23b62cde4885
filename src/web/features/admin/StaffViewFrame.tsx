/** The frame of the Users and Settings views: the console's top bar (menu, title, theme) and the staff menu. */
import { useState, type ReactNode } from 'react';
import { MenuIcon, MoonIcon, SunIcon } from '../../components/icons';
import { Screen } from '../../components/Screen';
import { useTheme } from '../../lib/theme';
import { AdminDrawer } from './AdminDrawer';

export function StaffViewFrame({ title, children }: { title: string; children: ReactNode }) {
  const [menuOpen, setMenuOpen] = useState(false);
  const { theme, toggleTheme } = useTheme();
  return (
    <>
      <header className="sticky top-0 z-20 flex h-14 items-center gap-1 border-b border-line bg-surface/95 px-1 backdrop-blur">
        <button
          type="button"
          onClick={() => setMenuOpen(true)}
          aria-label="Open menu"
          aria-haspopup="dialog"
          aria-expanded={menuOpen}
          className="flex h-touch w-touch items-center justify-center rounded-full hover:bg-surface-2"
        >
          <MenuIcon />
        </button>
        <h1 className="flex-1 text-[17px] font-semibold">{title}</h1>
        <button
          type="button"
          onClick={toggleTheme}
          aria-label={theme === 'dark' ? 'Switch to light mode' : 'Switch to dark mode'}
          className="flex h-touch w-touch items-center justify-center rounded-full text-muted hover:bg-surface-2 hover:text-ink"
        >
          {theme === 'dark' ? <SunIcon size={22} /> : <MoonIcon size={22} />}
        </button>
      </header>
      <Screen className="gap-4 pt-4">{children}</Screen>
      <AdminDrawer open={menuOpen} onClose={() => setMenuOpen(false)} />
    </>
  );
}
