/**
 * The staff queues (pending transactions, unverified users, open chats) come one bounded page at a
 * time with a cursor to the next (docs/decisions/0020-abuse-limits.md): an infinite query whose data
 * is every page loaded so far, joined, and whose `fetchNextPage` is the screens' "Load more".
 * A page shorter than STAFF_PAGE_SIZE is the last one. Invalidating the key reloads every loaded page.
 */
import { infiniteQueryOptions, type InfiniteData, type QueryKey } from '@tanstack/react-query';
import { STAFF_PAGE_SIZE } from '../../shared/api/common';

export interface StaffQueueSpec<Page, Joined> {
  queryKey: QueryKey;
  /** One page; `cursor` is undefined for the first. */
  fetchPage: (cursor: number | undefined, signal: AbortSignal) => Promise<Page>;
  /** Items on a page. */
  sizeOf: (page: Page) => number;
  /** The cursor that asks for the page after this full one. */
  cursorAfter: (page: Page) => number | undefined;
  join: (pages: Page[]) => Joined;
}

export function staffQueueOptions<Page, Joined>(spec: StaffQueueSpec<Page, Joined>) {
  return infiniteQueryOptions({
    queryKey: spec.queryKey,
    queryFn: ({ pageParam, signal }) => spec.fetchPage(pageParam, signal),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last: Page) => (spec.sizeOf(last) < STAFF_PAGE_SIZE ? undefined : spec.cursorAfter(last)),
    select: (data: InfiniteData<Page, number | undefined>) => spec.join(data.pages),
  });
}
