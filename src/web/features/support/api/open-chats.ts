/**
 * Staff: GET /api-v2/support/latest-messages/, the open chats keyed by a JSON string of the user's
 * id and name, each with its messages. Polled every 5 s on the dashboard, 3 s in a chat view.
 */
import { useInfiniteQuery } from '@tanstack/react-query';
import { latestMessagesResponse, type LatestMessagesResponse } from '../../../../shared/api/support';
import { api } from '../../../lib/api';
import { staffQueueOptions } from '../../../lib/staff-queue';

export const OPEN_CHATS_KEY = ['support', 'open-chats'] as const;

/**
 * Pages of the most recently active first (docs/decisions/0020): the next page is the chats whose
 * last message is older than the last message of this page's last chat. Pages join into one record
 * in order; a chat that moved between two pages while they loaded keeps one entry.
 */
const openChatsQuery = () =>
  staffQueueOptions({
    queryKey: OPEN_CHATS_KEY,
    fetchPage: (before, signal) =>
      api.get('/api-v2/support/latest-messages/', { schema: latestMessagesResponse, query: { before }, signal }),
    sizeOf: (page) => Object.keys(page).length,
    cursorAfter: (page) => Object.values(page).at(-1)?.at(-1)?.id,
    join: (pages): LatestMessagesResponse => Object.assign({}, ...pages),
  });

export const useOpenChats = (pollMs: number | false) =>
  useInfiniteQuery({ ...openChatsQuery(), refetchInterval: pollMs });
