/** "Load more" under a staff queue that comes in pages (docs/decisions/0020): shown while a next page may exist. */
import { useT } from '../lib/i18n';
import { Button } from './Button';

export interface PagedQuery {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => Promise<unknown>;
}

export function LoadMore({ query, label }: { query: PagedQuery; label: string }) {
  const t = useT();
  if (!query.hasNextPage) return null;
  return (
    <Button
      variant="secondary"
      className="mt-3"
      aria-label={label}
      busy={query.isFetchingNextPage}
      onClick={() => void query.fetchNextPage()}
    >
      {t('common.loadMore')}
    </Button>
  );
}
