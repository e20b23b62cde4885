/**
 * The messages of one chat: GET /api-v2/messages/?session_id= in pages (docs/decisions/0050), the
 * newest page polled every 3 s while the chat is open and earlier pages loaded on request ("Load
 * earlier messages"); and POST /api-v2/messages/ as multipart (session_id, text, image).
 */
import { infiniteQueryOptions, useInfiniteQuery, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import { CHAT_PAGE_SIZE, chatMessage, chatMessagesResponse, type ChatMessage } from '../../../../shared/api/support';
import { CHAT_POLL_MS } from '../../../../shared/constants';
import { api } from '../../../lib/api';

type Pages = InfiniteData<ChatMessage[], number | undefined>;

/** The loaded pages (newest first, each oldest first) as one conversation, oldest first, each message once. */
function conversation(data: Pages): ChatMessage[] {
  const seen = new Set<number>();
  return data.pages
    .toReversed()
    .flat()
    .filter((message) => !seen.has(message.id) && seen.add(message.id));
}

/**
 * Page 0 is the newest; each next page is the one before the oldest message loaded. A poll refetches
 * the loaded pages from the newest, so they stay one run without a gap when new messages arrive.
 */
const chatMessagesQuery = (sessionId: string) =>
  infiniteQueryOptions({
    queryKey: ['support', 'messages', sessionId] as const,
    queryFn: ({ pageParam, signal }) =>
      api.get('/api-v2/messages/', {
        query: { session_id: sessionId, before: pageParam },
        schema: chatMessagesResponse,
        signal,
      }),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last: ChatMessage[]) => (last.length < CHAT_PAGE_SIZE ? undefined : last[0]?.id),
    select: conversation,
  });

export const useChatMessages = (sessionId: string | null, { poll }: { poll: boolean }) =>
  useInfiniteQuery({
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

/** Show a sent message at once, before the next poll brings it: at the end of the newest page. */
export function addSentMessage(queryClient: QueryClient, message: ChatMessage): void {
  queryClient.setQueryData(chatMessagesQuery(message.session).queryKey, (data) => {
    const newest = data?.pages[0];
    if (!data || !newest || data.pages.some((page) => page.some((m) => m.id === message.id))) return data;
    return { ...data, pages: [[...newest, message], ...data.pages.slice(1)] };
  });
}
