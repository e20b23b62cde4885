/**
 * "This user's sessions just changed" (a session ended: logout, a revoked session, a password change
 * or reset), for long-lived connections that proved a token earlier (WebSocket LOGIN): they check
 * their token again and close when it is refused. Raised in-process by the instance that made the
 * change, and on every instance when PostgreSQL notifies it (`sessions_changed`, `user_changed`;
 * wired by modules/auth/sessions.ts), so a connection on another instance hears it within
 * milliseconds too. `undefined`: anyone's sessions may have changed (notifications were lost).
 *
 * Listeners are kept by user: every sign-in anywhere notifies `sessions_changed`, and calling every
 * open socket for each one cost connections x sign-ins (docs/performance.md, "Where the rest goes").
 */
type Listener = () => void;

const registries = new WeakMap<object, Map<number, Set<Listener>>>();

function registry(ctx: object): Map<number, Set<Listener>> {
  let byUser = registries.get(ctx);
  if (!byUser) {
    byUser = new Map();
    registries.set(ctx, byUser);
  }
  return byUser;
}

/** `listener` hears when `userId`'s sessions change (or anyone's may have). Returns the function that stops it. */
export function onSessionsEnded(ctx: object, userId: number, listener: Listener): () => void {
  const byUser = registry(ctx);
  let listeners = byUser.get(userId);
  if (!listeners) {
    listeners = new Set();
    byUser.set(userId, listeners);
  }
  listeners.add(listener);
  return () => {
    const current = byUser.get(userId);
    if (!current?.delete(listener)) return;
    if (current.size === 0) byUser.delete(userId);
  };
}

export function sessionsEnded(ctx: object, userId: number | undefined): void {
  const byUser = registries.get(ctx);
  if (!byUser) return;
  const called = userId === undefined ? [...byUser.values()] : [byUser.get(userId) ?? new Set<Listener>()];
  for (const listeners of called) for (const listener of [...listeners]) listener();
}
