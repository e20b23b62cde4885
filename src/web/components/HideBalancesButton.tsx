/** The eye on a balance card that hides and shows the amounts (docs/product.md section 2: Home and Assets). */
import { useI18n } from '../lib/i18n';
import { EyeIcon, EyeOffIcon } from './icons';

export function HideBalancesButton({ hidden, onToggle }: { hidden: boolean; onToggle: () => void }) {
  const { t } = useI18n();
  return (
    <button
      type="button"
      onClick={onToggle}
      aria-label={hidden ? t('assets.showBalances') : t('assets.hideBalances')}
      aria-pressed={hidden}
      className="-mr-2 flex h-touch w-touch items-center justify-center rounded-full text-white/85 hover:bg-white/10"
    >
      {hidden ? <EyeOffIcon size={20} /> : <EyeIcon size={20} />}
    </button>
  );
}
