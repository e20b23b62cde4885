/**
 * The user data stream's events (docs/decisions/0035-user-data-stream.md; docs/architecture.md "Private API";
 * docs/decisions/0035-user-data-stream.md), in the exchange's shapes:
 * - executionReport for each change of a spot order: NEW, then TRADE (status FILLED: the house fills
 *   the whole quantity at once) or CANCELED; an order placed and filled (or cancelled) between two
 *   reads still gets its NEW first;
 * - balanceUpdate for each funding ledger entry that is no spot order's (a deposit, a withdrawal or
 *   its refund, a transfer, a bonus);
 * - outboundAccountPosition with the assets whose free or locked amount changed (funding balance,
 *   and what resting orders hold: GET /api/v3/account's balances);
 * - listenKeyExpired when a listenKey runs out (or its API key is switched off or ended).
 *
 * Subscribers: `/ws/<listenKey>` (and `/stream?streams=<listenKey>`) through the stream hub's
 * segment resolver, whose topic is the listenKey itself; and a subscription of the WebSocket API
 * (user-stream-routes.ts), topic `userData@key.<apiKeyId>`. Both are the family `userData`, whose `allows`
 * only lets through a client this module granted the topic to (a WeakMap), never client.userId.
 *
 * Driven on every instance by the NOTIFYs spot_orders_changed (0009) and funding_changed (0017); a
 * user followed here is read again (one read at a time per user; a change during a read reads once
 * more) and only what changed since the last read is sent. listen_keys_changed (0017) makes every
 * instance re-check that user's listen keys and API keys. Expiry is checked each second against the
 * app's clock.
 */
import { and, asc, eq, gt, inArray, max, or, type SQL } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { logBackgroundFailure } from '../../db/errors.js';
import { accounts, ledgerEntries } from '../../db/schema.js';
import { apiKeys, apiListenKeys, spotOrderClientIds } from './schema.js';
import { spotOrders } from '../spot/schema.js';
import type { StreamClient } from '../../lib/stream-hub.js';
import { SPOT_ORDERS_CHANGED, type SpotOrderRow } from '../spot/index.js';
import { spotBalances } from './balances.js';
import { executionReport, fixed8 } from './exchange-view.js';

export const USER_DATA_FAMILY = 'userData';
/** 60 letters and digits, as the exchange's listen keys. */
export const LISTEN_KEY = /^[A-Za-z0-9]{60}$/;
const KEY_TOPIC = /^userData@key\.(\d{1,15})$/;
export const keyTopic = (apiKeyId: number) => `userData@key.${apiKeyId}`;

const ZERO_POSITION = `${fixed8('0')}/${fixed8('0')}`;

const FUNDING_CHANGED = 'funding_changed';
const LISTEN_KEYS_CHANGED = 'listen_keys_changed';
/** How often listen keys are checked for expiry (against ctx.clock). */
const SWEEP_MS = 1000;
/** Close code of a /ws/<listenKey> connection whose listenKey was closed or ran out. */
const LISTEN_KEY_CLOSED = { code: 1000, reason: 'listenKey closed' } as const;

interface Subscription {
  apiKeyId: number;
  /** For a listenKey topic: the key and when it runs out (ms, the app's clock). */
  listenKey?: string;
  expiresAt?: number;
}

interface Follower {
  topics: Map<string, Subscription>;
  /** Orders with a higher id are new to this instance's subscribers. */
  orderFloor: number;
  /** Orders seen open, whose end is still to be reported. */
  open: Set<number>;
  /** Funding ledger entries with a higher id are still to be reported. */
  entryFloor: number;
  /** Last reported free/locked per asset. */
  balances: Map<string, string>;
  ready: Promise<void>;
  /** Subscriptions being set up (waiting for `ready`): the sweep keeps the follower meanwhile. */
  joining: number;
  reading: boolean;
  again: boolean;
}

export function createUserData(ctx: Pick<AppContext, 'db' | 'clock' | 'changes' | 'streams' | 'log'>) {
  const { db, streams: hub } = ctx;
  const followers = new Map<number, Follower>();
  const grants = new WeakMap<StreamClient, Set<string>>();
  const now = () => ctx.clock.now().getTime();

  hub.addFamily({
    name: USER_DATA_FAMILY,
    accepts: (topic) => LISTEN_KEY.test(topic) || KEY_TOPIC.test(topic),
    allows: (topic, client) => grants.get(client)?.has(topic) === true,
  });

  function grant(client: StreamClient, topic: string) {
    let mine = grants.get(client);
    if (!mine) grants.set(client, (mine = new Set()));
    mine.add(topic);
  }

  async function balancesNow(userId: number): Promise<Map<string, string>> {
    const rows = await spotBalances(db, userId);
    return new Map(rows.map((b) => [b.asset, `${b.free}/${b.locked}`]));
  }

  const fundingOf = (userId: number): SQL =>
    and(eq(accounts.userId, userId), eq(accounts.wallet, 'funding'), eq(ledgerEntries.accountId, accounts.id))!;

  /** Starts following a user here: what exists now is the past, only later changes are sent. */
  function follow(userId: number): Follower {
    const known = followers.get(userId);
    if (known) return known;
    const follower: Follower = {
      topics: new Map(),
      orderFloor: 0,
      open: new Set(),
      entryFloor: 0,
      balances: new Map(),
      ready: Promise.resolve(),
      joining: 0,
      reading: false,
      again: false,
    };
    follower.ready = (async () => {
      const [orders] = await db
        .select({ top: max(spotOrders.id) })
        .from(spotOrders)
        .where(eq(spotOrders.userId, userId));
      const open = await db
        .select({ id: spotOrders.id })
        .from(spotOrders)
        .where(and(eq(spotOrders.userId, userId), eq(spotOrders.status, 'open')));
      const [entries] = await db
        .select({ top: max(ledgerEntries.id) })
        .from(ledgerEntries)
        .innerJoin(accounts, fundingOf(userId));
      follower.orderFloor = Number(orders?.top ?? 0);
      follower.open = new Set(open.map((o) => o.id));
      follower.entryFloor = Number(entries?.top ?? 0);
      follower.balances = await balancesNow(userId);
    })();
    followers.set(userId, follower);
    // A failed first read: the next subscriber starts over.
    follower.ready.catch(() => followers.get(userId) === follower && followers.delete(userId));
    return follower;
  }

  function publish(follower: Follower, frame: string) {
    for (const topic of follower.topics.keys()) hub.publish(topic, frame);
  }

  async function orderEvents(userId: number, follower: Follower): Promise<string[]> {
    const known = [...follower.open];
    const rows: SpotOrderRow[] = await db
      .select()
      .from(spotOrders)
      .where(
        and(
          eq(spotOrders.userId, userId),
          known.length > 0
            ? or(gt(spotOrders.id, follower.orderFloor), inArray(spotOrders.id, known))
            : gt(spotOrders.id, follower.orderFloor),
        ),
      )
      .orderBy(asc(spotOrders.id));
    if (rows.length === 0) return [];
    const ids = await db
      .select()
      .from(spotOrderClientIds)
      .where(
        and(
          eq(spotOrderClientIds.userId, userId),
          inArray(
            spotOrderClientIds.orderId,
            rows.map((r) => r.id),
          ),
        ),
      );
    const clientIds = new Map(ids.map((r) => [r.orderId, r.clientOrderId]));
    const frames: string[] = [];
    const time = now();
    for (const row of rows) {
      const isNew = row.id > follower.orderFloor;
      if (!isNew && row.status === 'open') continue; // still resting, nothing new
      const clientId = clientIds.get(row.id);
      if (isNew) frames.push(JSON.stringify(executionReport(row, clientId, 'NEW', time)));
      if (row.status === 'filled') frames.push(JSON.stringify(executionReport(row, clientId, 'TRADE', time)));
      if (row.status === 'cancelled') frames.push(JSON.stringify(executionReport(row, clientId, 'CANCELED', time)));
      if (row.status === 'open') follower.open.add(row.id);
      else follower.open.delete(row.id);
      follower.orderFloor = Math.max(follower.orderFloor, row.id);
    }
    return frames;
  }

  async function balanceEvents(userId: number, follower: Follower): Promise<string[]> {
    const entries = await db
      .select({
        id: ledgerEntries.id,
        amount: ledgerEntries.amount,
        refType: ledgerEntries.refType,
        currency: accounts.currency,
        createdAt: ledgerEntries.createdAt,
      })
      .from(ledgerEntries)
      .innerJoin(accounts, fundingOf(userId))
      .where(gt(ledgerEntries.id, follower.entryFloor))
      .orderBy(asc(ledgerEntries.id));
    const frames: string[] = [];
    const time = now();
    for (const entry of entries) {
      follower.entryFloor = Math.max(follower.entryFloor, entry.id);
      // A spot order's money moves are told by its executionReport and the account position.
      if (entry.refType === 'spot_order') continue;
      frames.push(
        JSON.stringify({
          e: 'balanceUpdate',
          E: time,
          a: entry.currency,
          d: fixed8(entry.amount),
          T: entry.createdAt.getTime(),
        }),
      );
    }
    const balances = await balancesNow(userId);
    const changed: { a: string; f: string; l: string }[] = [];
    for (const [asset, value] of balances) {
      const before = follower.balances.get(asset) ?? ZERO_POSITION;
      if (before === value) continue; // unchanged, or an empty account just opened
      const [f, l] = value.split('/') as [string, string];
      changed.push({ a: asset, f, l });
    }
    follower.balances = balances;
    if (changed.length > 0) frames.push(JSON.stringify({ e: 'outboundAccountPosition', E: time, u: time, B: changed }));
    return frames;
  }

  /** Reads the user's orders and funding again and sends what changed; one read at a time per user. */
  function refresh(userId: number): void {
    const follower = followers.get(userId);
    if (!follower) return;
    if (follower.reading) {
      follower.again = true;
      return;
    }
    follower.reading = true;
    follower.again = false;
    void (async () => {
      await follower.ready;
      const frames = [...(await orderEvents(userId, follower)), ...(await balanceEvents(userId, follower))];
      for (const frame of frames) publish(follower, frame);
    })()
      .catch((error: unknown) => logBackgroundFailure(ctx.log, 'user data stream', error))
      .finally(() => {
        follower.reading = false;
        if (follower.again) refresh(userId);
      });
  }

  /** Ends a topic: tells its clients (listenKeyExpired / eventStreamTerminated), or closes them. */
  function end(userId: number, topic: string, how: 'expired' | 'closed') {
    const follower = followers.get(userId);
    const subscription = follower?.topics.get(topic);
    if (!follower || !subscription) return;
    if (how === 'expired') {
      const time = now();
      hub.publish(
        topic,
        JSON.stringify(
          subscription.listenKey
            ? { e: 'listenKeyExpired', E: time, listenKey: subscription.listenKey }
            : { e: 'eventStreamTerminated', E: time },
        ),
      );
    }
    for (const client of hub.clients(topic)) {
      hub.unsubscribe(client, topic);
      grants.get(client)?.delete(topic);
      // A /ws/<listenKey> connection ends with its listenKey; a WebSocket API connection stays.
      if (subscription.listenKey) client.close?.(LISTEN_KEY_CLOSED.code, LISTEN_KEY_CLOSED.reason);
    }
    follower.topics.delete(topic);
  }

  /** Followers' topics nobody listens to any more are forgotten; listenKeys that ran out end. */
  function sweep() {
    const time = now();
    for (const [userId, follower] of followers) {
      for (const [topic, subscription] of follower.topics) {
        if (hub.subscriberCount(topic) === 0) follower.topics.delete(topic);
        else if (subscription.expiresAt !== undefined && subscription.expiresAt <= time) end(userId, topic, 'expired');
      }
      if (follower.topics.size === 0 && !follower.reading && follower.joining === 0) followers.delete(userId);
    }
  }

  /** A listen key or an API key of the user changed somewhere: re-read what this instance serves them. */
  async function recheck(userId: number) {
    const follower = followers.get(userId);
    if (!follower || follower.topics.size === 0) return;
    const keyIds = [...new Set([...follower.topics.values()].map((s) => s.apiKeyId))];
    const keys = await db
      .select({ id: apiKeys.id, enabled: apiKeys.enabled, endedAt: apiKeys.endedAt })
      .from(apiKeys)
      .where(inArray(apiKeys.id, keyIds));
    const liveIds = new Set(keys.filter((k) => k.enabled && !k.endedAt).map((k) => k.id));
    const listenKeys = [...follower.topics.values()].flatMap((s) => (s.listenKey ? [s.listenKey] : []));
    const rows =
      listenKeys.length === 0
        ? []
        : await db
            .select({ listenKey: apiListenKeys.listenKey, expiresAt: apiListenKeys.expiresAt })
            .from(apiListenKeys)
            .where(inArray(apiListenKeys.listenKey, listenKeys));
    const byKey = new Map(rows.map((r) => [r.listenKey, r]));
    for (const [topic, subscription] of [...follower.topics]) {
      const keyAlive = liveIds.has(subscription.apiKeyId);
      if (!subscription.listenKey) {
        if (!keyAlive) end(userId, topic, 'expired');
        continue;
      }
      const row = byKey.get(subscription.listenKey);
      if (!row) end(userId, topic, 'closed'); // DELETE, or its API key deleted
      else if (!keyAlive) end(userId, topic, 'expired');
      else subscription.expiresAt = row.expiresAt.getTime();
    }
  }

  // A listenKey's topic is the key itself (/ws/<listenKey>); a valid one is granted to the connection.
  hub.addSegmentResolver(async (segment, client) => {
    if (!LISTEN_KEY.test(segment)) return null;
    const [row] = await db
      .select({ listen: apiListenKeys, key: apiKeys })
      .from(apiListenKeys)
      .innerJoin(apiKeys, eq(apiKeys.id, apiListenKeys.apiKeyId))
      .where(eq(apiListenKeys.listenKey, segment));
    if (!row || row.listen.expiresAt.getTime() <= now() || !row.key.enabled || row.key.endedAt) return null;
    await subscribeUser(client, row.key.userId, segment, {
      apiKeyId: row.key.id,
      listenKey: segment,
      expiresAt: row.listen.expiresAt.getTime(),
    });
    return [segment];
  });

  /** Grants a topic of the user's events to a client (it still subscribes through the hub). */
  async function subscribeUser(client: StreamClient, userId: number, topic: string, subscription: Subscription) {
    const follower = follow(userId);
    follower.joining++;
    try {
      await follower.ready;
    } finally {
      follower.joining--;
    }
    follower.topics.set(topic, subscription);
    grant(client, topic);
  }

  const unwatch = [
    ctx.changes.watch(SPOT_ORDERS_CHANGED, (userId) => onChange(userId)),
    ctx.changes.watch(FUNDING_CHANGED, (userId) => onChange(userId)),
    ctx.changes.watch(LISTEN_KEYS_CHANGED, (userId) => {
      const users = userId === null ? [...followers.keys()] : [userId];
      for (const id of users)
        recheck(id).catch((error: unknown) => logBackgroundFailure(ctx.log, 'user data stream keys', error));
    }),
  ];
  function onChange(userId: number | null) {
    if (userId !== null) return refresh(userId);
    for (const id of [...followers.keys()]) refresh(id); // the LISTEN connection came back: anything may have changed
  }
  const timer = setInterval(sweep, SWEEP_MS);
  timer.unref();

  return {
    subscribeUser,
    /** Ends a listenKey's streams on this instance at once (DELETE here; other instances hear the NOTIFY). */
    closeListenKey(userId: number, listenKey: string) {
      end(userId, listenKey, 'closed');
    },
    /** Users followed here (tests). */
    followed: () => [...followers.keys()],
    stop() {
      clearInterval(timer);
      for (const stop of unwatch) stop();
    },
  };
}

export type UserData = ReturnType<typeof createUserData>;
