/**
 * What happens in chats, for whoever wants to push it (the WebSocket, later). One bus per app
 * context, so two apps in one process (tests) never hear each other. In-process only: streams.ts
 * carries these events to the other instances over the event bus (lib/event-bus.ts, docs/decisions/0036).
 */
import type { ChatMessage } from '../../../shared/api/support.js';
import type { AppContext } from '../../context.js';

export interface ChatEventMap {
  /** After the message is committed. `sessionUserId` owns the session; staff see every session. */
  messageCreated: { message: ChatMessage; sessionUserId: number };
  sessionClosed: { sessionId: string; sessionUserId: number; closedBy: number };
}

export interface ChatEvents {
  /** Returns the function that unsubscribes. */
  on<K extends keyof ChatEventMap>(event: K, listener: (payload: ChatEventMap[K]) => void): () => void;
  emit<K extends keyof ChatEventMap>(event: K, payload: ChatEventMap[K]): void;
}

type AnyListener = (payload: never) => void;

function createChatEvents(log: AppContext['log']): ChatEvents {
  const listeners = new Map<keyof ChatEventMap, Set<AnyListener>>();
  return {
    on(event, listener) {
      const set = listeners.get(event) ?? new Set<AnyListener>();
      listeners.set(event, set);
      set.add(listener as AnyListener);
      return () => void set.delete(listener as AnyListener);
    },
    emit(event, payload) {
      for (const listener of listeners.get(event) ?? []) {
        // A failing listener must not fail the request that already committed the message.
        try {
          (listener as (p: typeof payload) => void)(payload);
        } catch (error) {
          log.error({ err: error, event }, 'chat event listener failed');
        }
      }
    },
  };
}

const buses = new WeakMap<object, ChatEvents>();

/** The chat event bus of an app context (created on first use). */
export function chatEventsOf(ctx: Pick<AppContext, 'log'>): ChatEvents {
  let bus = buses.get(ctx);
  if (!bus) {
    bus = createChatEvents(ctx.log);
    buses.set(ctx, bus);
  }
  return bus;
}
