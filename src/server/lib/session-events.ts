/**
 * "This user's sessions just changed" (a session ended: logout, a revoked session, a password change
 * or reset), for long-lived connections that proved a token earlier (WebSocket LOGIN): they check
 * their token again and close when it is refused. Raised in-process by the instance that made the
 * change, and on every instance when PostgreSQL notifies it (`sessions_changed`, `user_changed`;
 * wired by modules/auth/sessions.ts), so a connection on another instance hears it within
 * milliseconds too. `undefined`: anyone's sessions may have changed (notifications were lost).
 */
type Listener = (userId: number | undefined) => void;

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

export function sessionsEnded(ctx: object, userId: number | undefined): void {
  for (const listener of listeners(ctx)) listener(userId);
}
