/** Previous / 'Page n of m' / Next under a paged list. */
import { BackIcon, ChevronRightIcon } from '../../components/icons';

export function Pager({
  page,
  pageSize,
  total,
  onPage,
  label,
}: {
  page: number;
  pageSize: number;
  total: number;
  onPage: (page: number) => void;
  label: string;
}) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages <= 1 && page <= 1) return null;
  const button =
    'flex h-touch min-w-touch items-center justify-center gap-1 rounded-xl px-3 text-sm font-medium text-primary hover:bg-primary/10 disabled:text-muted disabled:hover:bg-transparent';
  return (
    <nav aria-label={label} className="flex items-center justify-between gap-2">
      <button type="button" className={button} disabled={page <= 1} onClick={() => onPage(page - 1)}>
        <BackIcon size={18} />
        Previous
      </button>
      <p className="text-sm text-muted" aria-live="polite">
        Page {page} of {pages}
      </p>
      <button type="button" className={button} disabled={page >= pages} onClick={() => onPage(page + 1)}>
        Next
        <ChevronRightIcon size={18} />
      </button>
    </nav>
  );
}
