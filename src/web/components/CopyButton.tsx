/**
 * Copies a text (a deposit address, an API key or its secret) and says 'Copied!' for 2 seconds
 * (docs/product.md section 9). `caption` is the button's word before the copy, `label` its name.
 */
import { COPY_CONFIRMATION_MS } from '../../shared/constants';
import { MSG } from '../../shared/messages';
import { useI18n } from '../lib/i18n';
import { useCopyConfirmation } from '../lib/use-copy-confirmation';
import { cx } from './cx';
import { CopyIcon } from './icons';

export function CopyButton({ text, label, caption }: { text: string; label: string; caption: string }) {
  const { message } = useI18n();
  const { state, copy } = useCopyConfirmation(COPY_CONFIRMATION_MS);
  const copied = state === 'copied';

  return (
    <button
      type="button"
      onClick={() => void copy(text)}
      aria-label={copied ? message(MSG.copied) : label}
      className={cx(
        'flex h-touch shrink-0 items-center gap-1 rounded-lg px-2.5 text-[13px] font-semibold',
        copied ? 'text-up' : 'text-primary hover:bg-primary/10',
      )}
    >
      {!copied && <CopyIcon size={16} />}
      <span aria-live="polite">{copied ? message(MSG.copied) : caption}</span>
    </button>
  );
}
