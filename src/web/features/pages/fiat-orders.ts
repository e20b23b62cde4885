/**
 * The user's fiat orders (docs/decisions/0054-fiat-orders.md): the list with each order's status and
 * instructions, placing one, and opening a support chat that starts with the order's reference.
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { fiatOrderAnswer, fiatOrdersList, type FiatOrderBody } from '../../../shared/api/fiat';
import { chatSessionResponse } from '../../../shared/api/support';
import { api } from '../../lib/api';
import { PATHS } from '../../lib/paths';

/** Staff post instructions by hand: a slow poll is enough while the screen is open. */
const FIAT_ORDERS_POLL_MS = 10_000;

const fiatOrdersQuery = () =>
  queryOptions({
    queryKey: ['fiat', 'orders'] as const,
    queryFn: ({ signal }) => api.get('/api-v1/fiat-orders/', { schema: fiatOrdersList, signal }),
    refetchInterval: FIAT_ORDERS_POLL_MS,
  });

export const useFiatOrders = (enabled: boolean) => useQuery({ ...fiatOrdersQuery(), enabled });

export function usePlaceFiatOrder() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: FiatOrderBody) => api.post('/api-v1/fiat-orders/', body, { schema: fiatOrderAnswer }),
    onSuccess: () => client.invalidateQueries({ queryKey: fiatOrdersQuery().queryKey }),
  });
}

/** The chat's composer starts with this text (ChatPage reads it from the navigation state). */
export interface ChatPrefill {
  prefill: string;
}

/** Opens (or reopens) the user's support chat and goes there with `prefill` in the composer. */
export function useChatAbout() {
  const navigate = useNavigate();
  return useMutation({
    mutationFn: async (prefill: string) => {
      const { session_id } = await api.post('/api-v2/chats/', {}, { schema: chatSessionResponse });
      await navigate(PATHS.chat(session_id), { state: { prefill } satisfies ChatPrefill });
    },
  });
}
