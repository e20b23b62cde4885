/**
 * Chat pushed over the WebSocket (/ws), so a reply shows at once; the 3 s polling of docs/product.md stays
 * the fallback. After `LOGIN` with a token a connection may subscribe to:
 * - `chat@user.<id>`: its own user's sessions (only that user);
 * - `chat@staff`: every session (staff only).
 * Frames: {"e":"chatMessage","message":{...}} and {"e":"chatClosed","session_id":"..."}.
 *
 * Across instances (docs/decisions/0036): the instance that commits a message or a close
 * publishes its ids on the event bus (ctx.bus, channel "chat"); every instance, itself included, hears
 * them, reads the message row and publishes the frame to the sockets it holds. While the bus is down
 * the instance pushes to its own sockets only, and the other instances' clients get it by their poll.
 */
import { z } from 'zod';
import { CHAT_STREAMS, type ChatMessage, type ChatStreamEvent } from '../../../shared/api/support.js';
import type { AppContext } from '../../context.js';
import { chatEventsOf } from './events.js';

const USER_TOPIC = /^chat@user\.(\d{1,15})$/;

/** The bus channel of chat events. */
const CHAT_BUS_CHANNEL = 'chat';

/** What travels on the bus: ids only (lib/event-bus.ts), the rows are read by each receiver. */
const chatBusEvent = z.union([
  z.object({ message: z.number().int().positive(), user: z.number().int().positive() }),
  z.object({ closed: z.string().min(1).max(64), user: z.number().int().positive() }),
]);
type ChatBusEvent = z.infer<typeof chatBusEvent>;

export interface ChatRows {
  pushedMessage(id: number): Promise<{ message: ChatMessage; sessionUserId: number } | undefined>;
}

export function registerChatStreams(
  ctx: Pick<AppContext, 'streams' | 'log' | 'bus'>,
  rows: ChatRows,
): () => Promise<void> {
  ctx.streams.addFamily({
    name: 'chat',
    accepts: (topic) => topic === CHAT_STREAMS.staff || USER_TOPIC.test(topic),
    allows(topic, client) {
      if (topic === CHAT_STREAMS.staff) return client.isAdmin === true;
      const owner = Number(USER_TOPIC.exec(topic)?.[1]);
      return client.userId !== undefined && client.userId === owner;
    },
  });

  const followed = (sessionUserId: number) =>
    ctx.streams.subscriberCount(CHAT_STREAMS.user(sessionUserId)) > 0 ||
    ctx.streams.subscriberCount(CHAT_STREAMS.staff) > 0;

  const publish = (sessionUserId: number, event: ChatStreamEvent) => {
    const frame = JSON.stringify(event);
    ctx.streams.publish(CHAT_STREAMS.user(sessionUserId), frame);
    ctx.streams.publish(CHAT_STREAMS.staff, frame);
  };

  /** One event to this instance's sockets: a message is read from the database (the bus names only its id). */
  async function deliver(event: ChatBusEvent, known?: ChatMessage): Promise<void> {
    if (!followed(event.user)) return; // nobody here to tell: no read
    if ('closed' in event) return publish(event.user, { e: 'chatClosed', session_id: event.closed });
    const message = known ?? (await rows.pushedMessage(event.message))?.message;
    if (message) publish(event.user, { e: 'chatMessage', message });
  }

  // Events are delivered one after another, so a message's frame never arrives after its chat's close.
  let queue: Promise<void> = Promise.resolve();
  const enqueue = (event: ChatBusEvent, known?: ChatMessage) => {
    queue = queue
      .then(() => deliver(event, known))
      .catch((error: unknown) => ctx.log.error({ err: error }, 'chat push failed'));
  };

  const offBus = ctx.bus.subscribe(CHAT_BUS_CHANNEL, (payload) => {
    let parsed: unknown;
    try {
      parsed = JSON.parse(payload);
    } catch {
      parsed = undefined;
    }
    const event = chatBusEvent.safeParse(parsed);
    if (event.success) enqueue(event.data);
    else ctx.log.warn({ payload: payload.slice(0, 200) }, 'chat push: an event on the bus that is not one');
  });

  /**
   * To every instance through the bus. While this instance does not hear the bus (its connection is
   * down, or the publish fails), to its own sockets directly: they at least are told at once.
   */
  const send = (event: ChatBusEvent, known?: ChatMessage) => {
    const hearing = ctx.bus.ready();
    if (!hearing) enqueue(event, known);
    ctx.bus.publish(CHAT_BUS_CHANNEL, JSON.stringify(event)).catch(() => {
      if (hearing) enqueue(event, known);
    });
  };

  const events = chatEventsOf(ctx);
  const offMessage = events.on('messageCreated', ({ message, sessionUserId }) =>
    send({ message: message.id, user: sessionUserId }, message),
  );
  const offClosed = events.on('sessionClosed', ({ sessionId, sessionUserId }) =>
    send({ closed: sessionId, user: sessionUserId }),
  );
  return async () => {
    offMessage();
    offClosed();
    offBus();
    await queue;
  };
}
