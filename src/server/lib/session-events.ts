/**
 * "This user's tokens just ended" (logout, password change or reset), for long-lived connections
 * of this instance that proved a token earlier (WebSocket LOGIN). In-process only: connections on
 * other instances notice at their periodic re-check of the token (realtime/routes.ts).
 */
type Listener = (userId: number) => void;

const listenersOf = new WeakMap<object, Set<Listener>>();

function listeners(ctx: object): Set<Listener> {
  let set = listenersOf.get(ctx);
  if (!set) {
    set = new Set();
    listenersOf.set(ctx, set);
  }
  return set;
}

/** Returns the function that stops listening. */
export function onSessionsEnded(ctx: object, listener: Listener): () => void {
  listeners(ctx).add(listener);
  return () => void listeners(ctx).delete(listener);
}

export function sessionsEnded(ctx: object, userId: number): void {
  for (const listener of listeners(ctx)) listener(userId);
}
