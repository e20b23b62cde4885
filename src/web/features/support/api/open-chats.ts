/**
 * Staff: GET /api-v2/support/latest-messages/, the open chats keyed by a JSON string of the user's
 * id and name, each with its messages. Polled every 5 s on the dashboard, 3 s in a chat view.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { latestMessagesResponse } from '../../../../shared/api/support';
import { api } from '../../../lib/api';

export const OPEN_CHATS_KEY = ['support', 'open-chats'] as const;

const openChatsQuery = () =>
  queryOptions({
    queryKey: OPEN_CHATS_KEY,
    queryFn: ({ signal }) => api.get('/api-v2/support/latest-messages/', { schema: latestMessagesResponse, signal }),
  });

export const useOpenChats = (pollMs: number | false) => useQuery({ ...openChatsQuery(), refetchInterval: pollMs });
