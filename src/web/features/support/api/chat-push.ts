/**
 * New chat messages pushed by the server over its own WebSocket (/stream, combined frames), so a
 * reply shows at once; the 3 s polling of docs/product.md stays as the fallback. The socket proves the
 * access token with a LOGIN frame on every (re)connection, then follows the user's chat topic or,
 * for staff, every chat.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { CHAT_STREAMS, type ChatStreamEvent } from '../../../../shared/api/support';
import { createMarketSocket, type MarketSocket } from '../../../lib/market-socket';
import { getStoredUser, getToken } from '../../../lib/session';
import { addSentMessage } from './messages';
import { OPEN_CHATS_KEY } from './open-chats';
import { chatSessionQuery } from './chat-session';

let shared: MarketSocket | undefined;

function chatSocket(): MarketSocket {
  return (shared ??= createMarketSocket({
    url: () => `${window.location.protocol === 'https:' ? 'wss' : 'ws'}://${window.location.host}/stream`,
    greeting: () => {
      const token = getToken();
      return token ? { method: 'LOGIN', params: [token], id: 'login' } : null;
    },
    log: (message, detail) => console.warn(`[chat push] ${message}`, detail ?? ''),
  }));
}

/** While mounted, pushed chat events update the cached messages and chat lists. */
export function useChatPush(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    const user = getStoredUser();
    if (!user) return;
    const topic = user.is_admin ? CHAT_STREAMS.staff : CHAT_STREAMS.user(user.user_id);
    return chatSocket().subscribe(topic, (data) => {
      const event = data as ChatStreamEvent;
      if (event.e === 'chatMessage') {
        // Our own messages are shown by the send itself (staff sends optimistically); a push of
        // one could race that and show it twice.
        if (event.message.sender === user.user_id) return;
        addSentMessage(queryClient, event.message);
        void queryClient.invalidateQueries({ queryKey: OPEN_CHATS_KEY });
      } else if (event.e === 'chatClosed') {
        void queryClient.invalidateQueries({ queryKey: chatSessionQuery(event.session_id).queryKey });
        void queryClient.invalidateQueries({ queryKey: OPEN_CHATS_KEY });
      }
    });
  }, [queryClient]);
}
