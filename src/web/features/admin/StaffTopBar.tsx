/**
 * The staff console's top bar (menu, title, theme switch) and the staff menu it opens. At a desk the
 * menu is the side navigation (StaffDesk), so the bar has no menu button there.
 */
import { useState } from 'react';
import { MenuIcon, MoonIcon, SunIcon } from '../../components/icons';
import { useI18n } from '../../lib/i18n';
import { useDesk } from '../../lib/use-desk';
import { useTheme } from '../../lib/theme';
import { AdminDrawer } from './AdminDrawer';

/** `heading`: the title is the view's heading (Users, Settings); the Dashboard's tabs carry their own. */
export function StaffTopBar({ title, heading = false }: { title: string; heading?: boolean }) {
  const [menuOpen, setMenuOpen] = useState(false);
  const { theme, toggleTheme } = useTheme();
  const desk = useDesk();
  const { t } = useI18n();
  const Title = heading ? 'h1' : 'p';
  return (
    <>
      <header className="sticky top-0 z-20 flex h-14 items-center gap-1 border-b border-line bg-surface/95 px-1 backdrop-blur lg:px-4">
        {!desk && (
          <button
            type="button"
            onClick={() => setMenuOpen(true)}
            aria-label={t('admin.menu.open')}
            aria-haspopup="dialog"
            aria-expanded={menuOpen}
            className="flex h-touch w-touch items-center justify-center rounded-full hover:bg-surface-2"
          >
            <MenuIcon />
          </button>
        )}
        <Title className="flex-1 text-[17px] font-semibold">{title}</Title>
        <button
          type="button"
          onClick={toggleTheme}
          aria-label={theme === 'dark' ? t('admin.theme.toLight') : t('admin.theme.toDark')}
          className="flex h-touch w-touch items-center justify-center rounded-full text-muted hover:bg-surface-2 hover:text-ink"
        >
          {theme === 'dark' ? <SunIcon size={22} /> : <MoonIcon size={22} />}
        </button>
      </header>
      {!desk && <AdminDrawer open={menuOpen} onClose={() => setMenuOpen(false)} />}
    </>
  );
}
