/**
 * A user's own state pushed over the WebSocket (/ws) as whole snapshots: the topic
 * `<name>@user.<id>` (USER_STREAMS in shared/api/streams.ts) may be subscribed only by a connection
 * that logged in (LOGIN) as that user. Each frame is the user's complete current state
 * (`{"e": "positions", "trades": [...]}`), so a client that missed one loses nothing: the next
 * replaces it. docs/architecture.md "Realtime", docs/decisions/0027.
 *
 * - A new subscriber gets the last frame at once, or, for a user nobody here followed yet, the
 *   state read for it (one read).
 * - `push(userId)` reads the state again and sends it when it differs from the last frame. Reads
 *   of one user never overlap: a push during a read reads once more when it ends, so a change
 *   made during a read is never lost and a burst of changes costs at most two reads.
 * - With `changes`, every NOTIFY of that channel with a user id (db/change-feed.ts) pushes that
 *   user, on every instance; a lost LISTEN connection (or its return) pushes everyone.
 * - `offer(userId, frame)`: a frame computed elsewhere (the positions' per-tick P/L) is sent when it
 *   differs from the last one.
 * Only users with a subscriber on this instance are kept; the others are forgotten.
 */
import type { OrdersEvent } from '../../../shared/api/streams.js';
import type { AppContext } from '../../context.js';
import { logBackgroundFailure } from '../../db/errors.js';

export interface UserStreamOptions {
  /** The family and topic prefix: 'positions' -> positions@user.<id>. */
  name: string;
  /** The user's current frame (a JSON text). */
  read(userId: number): Promise<string>;
  /** A NOTIFY channel carrying a user id whenever that user's state changes (e.g. trades_changed). */
  changes?: string;
}

export interface UserStream {
  /** Reads the user's state again and sends it if it changed (nothing when nobody here follows them). */
  push(userId: number): void;
  /** Sends a frame computed elsewhere when it differs from the last one; false while a read is under way. */
  offer(userId: number, frame: string): boolean;
  /** Users with a subscriber on this instance (users without one are forgotten here). */
  users(): number[];
  /** Whether a read of this user is under way (a frame offered now would be older than its answer). */
  reading(userId: number): boolean;
  /** Resolves when no read is under way (tests, bench). */
  settled(): Promise<void>;
  stop(): void;
}

interface Follower {
  /** The last frame sent. */
  last?: string;
  reading: boolean;
  /** Read again when the current read ends. */
  again: boolean;
}

export function createUserStream(
  ctx: Pick<AppContext, 'streams' | 'changes' | 'log'>,
  options: UserStreamOptions,
): UserStream {
  const hub = ctx.streams;
  const pattern = new RegExp(`^${options.name}@user\\.(\\d{1,15})$`);
  const followers = new Map<number, Follower>();
  const reads = new Set<Promise<void>>();
  const topicOf = (userId: number) => `${options.name}@user.${userId}`;
  const followed = (userId: number) => hub.subscriberCount(topicOf(userId)) > 0;

  function deliver(userId: number, follower: Follower, frame: string): void {
    if (frame === follower.last) return;
    follower.last = frame;
    hub.publish(topicOf(userId), frame);
  }

  function push(userId: number): void {
    const follower = followers.get(userId);
    if (!follower) return;
    if (!followed(userId)) {
      if (!follower.reading) followers.delete(userId);
      return;
    }
    if (follower.reading) {
      follower.again = true;
      return;
    }
    follower.reading = true;
    follower.again = false;
    const read = options
      .read(userId)
      .then(
        (frame) => deliver(userId, follower, frame),
        (error: unknown) => logBackgroundFailure(ctx.log, `${options.name} stream`, error),
      )
      .finally(() => {
        follower.reading = false;
        reads.delete(read);
        // Left while it was read: forgotten, so a later subscriber never gets this frame as current.
        if (!followed(userId)) followers.delete(userId);
        else if (follower.again) push(userId);
      });
    reads.add(read);
  }

  ctx.streams.addFamily({
    name: `user.${options.name}`,
    accepts: (topic) => pattern.test(topic),
    // Only the logged-in user's own topic: another id is refused like an unknown stream.
    allows(topic, client) {
      const owner = Number(pattern.exec(topic)?.[1]);
      return client.userId !== undefined && client.userId === owner;
    },
    current(topic) {
      const userId = Number(pattern.exec(topic)?.[1]);
      let follower = followers.get(userId);
      if (!follower) followers.set(userId, (follower = { reading: false, again: false }));
      if (follower.last !== undefined) return follower.last;
      // Nobody here followed this user yet: read the state; it goes to every subscriber when read.
      push(userId);
      return undefined;
    },
  });

  const unwatch = options.changes
    ? ctx.changes.watch(options.changes, (userId) => {
        if (userId !== null) return push(userId);
        for (const id of [...followers.keys()]) push(id);
      })
    : () => {};

  return {
    push,
    offer(userId, frame) {
      const follower = followers.get(userId);
      if (!follower || follower.reading) return false;
      deliver(userId, follower, frame);
      return true;
    },
    users() {
      const users: number[] = [];
      for (const [userId, follower] of followers) {
        if (followed(userId)) users.push(userId);
        else if (!follower.reading) followers.delete(userId);
      }
      return users;
    },
    reading: (userId) => followers.get(userId)?.reading === true,
    async settled() {
      while (reads.size > 0) await Promise.allSettled([...reads]);
    },
    stop: unwatch,
  };
}

/**
 * Where the spot orders plug in (docs/decisions/0026-spot-orders.md): the
 * spot module calls this once with a function returning the user's open spot orders (the items
 * of GET /api-v1/spot-orders/?status=open) and the NOTIFY channel its spot_orders trigger sends a
 * user id on. Every change of a user's orders (placed, filled, cancelled), on any instance, then
 * pushes `{"e": "orders", "orders": [...open orders]}` to `orders@user.<id>`, and a new subscriber
 * gets the current list at once. The returned stream's `push(userId)` (pushOrders) pushes
 * without waiting for the notification, e.g. right after a fill committed in this process.
 */
export interface OrdersSource {
  /** The user's open (resting) spot orders, as GET /api-v1/spot-orders/?status=open lists them. */
  openOrders(userId: number): Promise<unknown[]>;
  /** The NOTIFY channel carrying a user id when their spot orders change. */
  changes?: string;
}

export function registerOrdersStream(
  ctx: Pick<AppContext, 'streams' | 'changes' | 'log'>,
  source: OrdersSource,
): UserStream {
  return createUserStream(ctx, {
    name: 'orders',
    read: async (userId) =>
      JSON.stringify({ e: 'orders', orders: await source.openOrders(userId) } satisfies OrdersEvent),
    ...(source.changes ? { changes: source.changes } : {}),
  });
}
