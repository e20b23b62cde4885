/**
 * Logout at the foot of the trader's and the staff's drawers, and of the staff's side navigation at a
 * desk (`desk`: a denser row) (docs/product.md section 2).
 */
import { useI18n } from '../lib/i18n';
import { useLogout } from '../lib/use-session';
import { cx } from './cx';
import { LogoutIcon } from './icons';

export function LogoutButton({ desk = false }: { desk?: boolean }) {
  const logout = useLogout();
  const { t } = useI18n();
  return (
    <button
      type="button"
      onClick={logout}
      className={cx(
        'flex w-full items-center gap-3 rounded-xl px-3 text-[15px] font-medium text-down hover:bg-down/10',
        desk ? 'min-h-[44px]' : 'min-h-[52px]',
      )}
    >
      <LogoutIcon size={desk ? 20 : 22} />
      {t('drawer.logout')}
    </button>
  );
}
