/**
 * A chat session: started from Support (POST /api-v2/chats/ opens one or returns the open one),
 * watched for its end (GET /api-v2/chats/{id}/), ended by staff (POST /api-v2/close-chat/).
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { chatSessionDetails, chatSessionResponse, closeChatResponse } from '../../../../shared/api/support';
import { CHAT_POLL_MS } from '../../../../shared/constants';
import { api } from '../../../lib/api';
import { OPEN_CHATS_KEY } from './open-chats';

const startChat = () => api.post('/api-v2/chats/', {}, { schema: chatSessionResponse });

export const useStartChat = () => useMutation({ mutationFn: startChat });

export const chatSessionQuery = (sessionId: string) =>
  queryOptions({
    queryKey: ['support', 'chat', sessionId] as const,
    queryFn: ({ signal }) =>
      api.get(`/api-v2/chats/${encodeURIComponent(sessionId)}/`, { schema: chatSessionDetails, signal }),
    // Staff may end the chat at any moment; an ended chat stays ended.
    refetchInterval: (query) => (query.state.data?.status === 'closed' ? false : CHAT_POLL_MS),
  });

export const useChatSession = (sessionId: string | null) =>
  useQuery({ ...chatSessionQuery(sessionId ?? ''), enabled: sessionId !== null });

export function useCloseChat() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (sessionId: string) =>
      api.post('/api-v2/close-chat/', { session_id: sessionId }, { schema: closeChatResponse }),
    onSuccess: (_answer, sessionId) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: OPEN_CHATS_KEY }),
        queryClient.invalidateQueries({ queryKey: chatSessionQuery(sessionId).queryKey }),
      ]),
  });
}
