/** The empty state of a record list (docs/product.md: 'no record'). */
import { MSG } from '../../../shared/messages';
import { InboxIcon } from '../../components/icons';
import { useI18n } from '../../lib/i18n';

export function NoRecord({ text }: { text?: string }) {
  const { message } = useI18n();
  return (
    <div className="flex flex-col items-center gap-2 py-10 text-muted">
      <InboxIcon size={32} />
      <p className="text-sm">{text ?? message(MSG.noRecord)}</p>
    </div>
  );
}
