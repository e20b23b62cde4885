/** The empty state of a record list (docs/product.md: 'no record'). */
import { MSG } from '../../../shared/messages';
import { InboxIcon } from '../../components/icons';

export function NoRecord({ text = MSG.noRecord }: { text?: string }) {
  return (
    <div className="flex flex-col items-center gap-2 py-10 text-muted">
      <InboxIcon size={32} />
      <p className="text-sm">{text}</p>
    </div>
  );
}
