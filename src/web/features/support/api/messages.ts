/**
 * The messages of one chat: GET /api-v2/messages/?session_id= polled every 3 s while the chat is
 * open, and POST /api-v2/messages/ as multipart (session_id, text, image).
 */
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { chatMessage, chatMessagesResponse, type ChatMessage } from '../../../../shared/api/support';
import { CHAT_POLL_MS } from '../../../../shared/constants';
import { api } from '../../../lib/api';

const chatMessagesQuery = (sessionId: string) =>
  queryOptions({
    queryKey: ['support', 'messages', sessionId] as const,
    queryFn: ({ signal }) =>
      api.get('/api-v2/messages/', { query: { session_id: sessionId }, schema: chatMessagesResponse, signal }),
  });

export const useChatMessages = (sessionId: string | null, { poll }: { poll: boolean }) =>
  useQuery({
    ...chatMessagesQuery(sessionId ?? ''),
    enabled: sessionId !== null,
    refetchInterval: poll ? CHAT_POLL_MS : false,
  });

export interface OutgoingMessage {
  sessionId: string;
  text: string;
  image: File | null;
}

export function sendChatMessage({ sessionId, text, image }: OutgoingMessage) {
  const form = new FormData();
  form.set('session_id', sessionId);
  form.set('text', text);
  if (image) form.set('image', image);
  return api.upload('/api-v2/messages/', form, { schema: chatMessage });
}

/** Show a sent message at once, before the next poll brings it. */
export function addSentMessage(queryClient: QueryClient, message: ChatMessage): void {
  queryClient.setQueryData(chatMessagesQuery(message.session).queryKey, (list) =>
    list === undefined || list.some((m) => m.id === message.id) ? list : [...list, message],
  );
}
