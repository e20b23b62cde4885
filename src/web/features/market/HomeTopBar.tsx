/** Home's top bar: the logo opens the account drawer; the language picker and the bell on the right. */
import { BellIcon, LogoMark } from '../../components/icons';
import { useT } from '../../lib/i18n';
import { useNotifications } from '../notifications';
import { LanguagePicker } from './LanguagePicker';

/** The brand, never translated (docs/decisions/0043-languages.md). */
const BRAND = 'Coinfront';

export function HomeTopBar({
  drawerOpen,
  onOpenMenu,
  onOpenNotifications,
}: {
  drawerOpen: boolean;
  onOpenMenu: () => void;
  onOpenNotifications: () => void;
}) {
  const t = useT();
  // The real unread count (docs/product.md section 2 "As built"): no badge at 0.
  const unread = useNotifications().data?.unread ?? 0;
  return (
    <header className="sticky top-0 z-20 flex h-14 items-center gap-1 bg-bg/95 px-2 backdrop-blur">
      <button
        type="button"
        onClick={onOpenMenu}
        aria-label={`${BRAND}, ${t('home.openMenu')}`}
        aria-haspopup="dialog"
        aria-expanded={drawerOpen}
        className="-ml-0.5 flex h-touch items-center gap-2 rounded-xl px-2 hover:bg-surface-2"
      >
        <LogoMark size={30} />
        <span className="text-lg font-bold tracking-tight">{BRAND}</span>
      </button>
      <div className="ml-auto flex items-center">
        <LanguagePicker />
        <button
          type="button"
          onClick={onOpenNotifications}
          aria-label={unread > 0 ? t('home.notifications', { count: unread }) : t('notifications.title')}
          aria-haspopup="dialog"
          className="relative flex h-touch w-touch items-center justify-center rounded-full text-ink hover:bg-surface-2"
        >
          <BellIcon size={22} />
          {unread > 0 && (
            <span
              aria-hidden="true"
              data-testid="notifications-badge"
              className="absolute right-[5px] top-[6px] flex h-4 min-w-4 items-center justify-center rounded-full bg-down px-1 text-[10px] font-bold leading-none text-white ring-2 ring-bg"
            >
              {unread > 99 ? '99+' : unread}
            </span>
          )}
        </button>
      </div>
    </header>
  );
}
