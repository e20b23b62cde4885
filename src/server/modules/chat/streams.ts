/**
 * Chat pushed over the WebSocket (/ws), so a reply shows at once; the 3 s polling of docs/product.md stays
 * the fallback. After `LOGIN` with a token a connection may subscribe to:
 * - `chat@user.<id>`: its own user's sessions (only that user);
 * - `chat@staff`: every session (staff only).
 * Frames: {"e":"chatMessage","message":{...}} and {"e":"chatClosed","session_id":"..."}.
 */
import { CHAT_STREAMS, type ChatStreamEvent } from '../../../shared/api/support.js';
import type { AppContext } from '../../context.js';
import { chatEventsOf } from './events.js';

const USER_TOPIC = /^chat@user\.(\d{1,15})$/;

export function registerChatStreams(ctx: Pick<AppContext, 'streams' | 'log'>): () => void {
  ctx.streams.addFamily({
    name: 'chat',
    accepts: (topic) => topic === CHAT_STREAMS.staff || USER_TOPIC.test(topic),
    allows(topic, client) {
      if (topic === CHAT_STREAMS.staff) return client.isAdmin === true;
      const owner = Number(USER_TOPIC.exec(topic)?.[1]);
      return client.userId !== undefined && client.userId === owner;
    },
  });

  const publish = (sessionUserId: number, event: ChatStreamEvent) => {
    const frame = JSON.stringify(event);
    ctx.streams.publish(CHAT_STREAMS.user(sessionUserId), frame);
    ctx.streams.publish(CHAT_STREAMS.staff, frame);
  };
  const events = chatEventsOf(ctx);
  const offMessage = events.on('messageCreated', ({ message, sessionUserId }) =>
    publish(sessionUserId, { e: 'chatMessage', message }),
  );
  const offClosed = events.on('sessionClosed', ({ sessionId, sessionUserId }) =>
    publish(sessionUserId, { e: 'chatClosed', session_id: sessionId }),
  );
  return () => {
    offMessage();
    offClosed();
  };
}
