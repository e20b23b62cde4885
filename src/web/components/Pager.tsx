/**
 * Previous / 'Page n of m' / Next under a paged list. Without a `total` (a list that does not count
 * itself, e.g. the pending transactions) it reads 'Page n' and `hasNext` says whether Next leads on.
 */
import { useI18n } from '../lib/i18n';
import { BackIcon, ChevronRightIcon } from './icons';

export function Pager({
  page,
  pageSize,
  total,
  hasNext,
  onPage,
  label,
}: {
  page: number;
  pageSize: number;
  total?: number;
  hasNext?: boolean;
  onPage: (page: number) => void;
  label: string;
}) {
  const { t, number } = useI18n();
  const pages = total === undefined ? undefined : Math.max(1, Math.ceil(total / pageSize));
  const next = pages === undefined ? Boolean(hasNext) : page < pages;
  if (!next && page <= 1) return null;
  const button =
    'flex h-touch min-w-touch items-center justify-center gap-1 rounded-xl px-3 text-sm font-medium text-primary hover:bg-primary/10 disabled:text-muted disabled:hover:bg-transparent';
  return (
    <nav aria-label={label} className="flex items-center justify-between gap-2">
      <button type="button" className={button} disabled={page <= 1} onClick={() => onPage(page - 1)}>
        <BackIcon size={18} />
        {t('common.pager.previous')}
      </button>
      <p className="text-sm text-muted" aria-live="polite">
        {pages === undefined
          ? t('common.pager.page', { page: number(String(page)) })
          : t('common.pager.pageOf', { page: number(String(page)), pages: number(String(pages)) })}
      </p>
      <button type="button" className={button} disabled={!next} onClick={() => onPage(page + 1)}>
        {t('common.pager.next')}
        <ChevronRightIcon size={18} />
      </button>
    </nav>
  );
}
