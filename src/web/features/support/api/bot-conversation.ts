/**
 * GET /api-v2/support/bot-conversation/?user_id= (staff): what the user asked the FAQ bot and was
 * answered before staff joined, the newest oldest first (docs/decisions/0064-staff-desk-and-language-fit.md).
 */
import { useQuery } from '@tanstack/react-query';
import { botConversationResponse } from '../../../../shared/api/support';
import { api } from '../../../lib/api';

export const useBotConversation = (userId: number | undefined) =>
  useQuery({
    queryKey: ['support', 'bot-conversation', userId] as const,
    queryFn: ({ signal }) =>
      api.get(`/api-v2/support/bot-conversation/?${new URLSearchParams({ user_id: String(userId) }).toString()}`, {
        schema: botConversationResponse,
        signal,
      }),
    enabled: userId !== undefined,
  });
