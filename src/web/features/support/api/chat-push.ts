/**
 * New chat messages pushed by the server over the user's WebSocket (lib/sockets.ts: the one stream socket,
 * shared with the tickers and the positions), so a reply shows at once; the 3 s polling of docs/product.md stays as the
 * fallback. It follows the user's chat topic or, for staff, every chat.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { CHAT_STREAMS, type ChatStreamEvent } from '../../../../shared/api/support';
import { getStoredUser } from '../../../lib/session';
import { userSocket } from '../../../lib/sockets';
import { addSentMessage } from './messages';
import { OPEN_CHATS_KEY } from './open-chats';
import { chatSessionQuery } from './chat-session';

/** While mounted, pushed chat events update the cached messages and chat lists. */
export function useChatPush(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    const user = getStoredUser();
    if (!user) return;
    const topic = user.is_admin ? CHAT_STREAMS.staff : CHAT_STREAMS.user(user.user_id);
    return userSocket().subscribe(topic, (data) => {
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
