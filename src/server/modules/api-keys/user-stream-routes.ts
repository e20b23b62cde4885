/**
 * The user data stream's doors (docs/decisions/0035-user-data-stream.md; docs/architecture.md "Private API";
 * docs/decisions/0035-user-data-stream.md); the events themselves are user-data.ts's.
 *
 * - `POST /api/v3/userDataStream` (USER_STREAM: the X-MBX-APIKEY header, no signature) answers
 *   `{ listenKey }`, 60 letters and digits valid for 60 minutes; as on the exchange, a key that has
 *   a live listenKey gets that one again, kept alive. `PUT` keeps a listenKey alive (60 minutes from
 *   now), `DELETE` closes it and the connections on it; a listenKey of another key, or run out, is
 *   -1125. Keys are refused with -2014/-2015 like the other private routes; a key switched off,
 *   ended or deleted ends its listen keys.
 * - `/ws-api/v3`, the exchange's WebSocket API as far as ccxt.pro's spot user data goes:
 *   `userDataStream.subscribe.signature` (apiKey, timestamp, signature over the sorted params)
 *   answers `{ id, status: 200, result: { subscriptionId } }`, then the user's events arrive as
 *   `{ subscriptionId, event }`; `userDataStream.unsubscribe` and `ping` too.
 */
import { randomInt } from 'node:crypto';
import { and, eq, gt, lte } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import type { AppContext, ZodApp } from '../../context.js';
import { logBackgroundFailure } from '../../db/errors.js';
import { apiListenKeys } from './schema.js';
import { ExchangeApiError } from '../../errors.js';
import { TOO_MANY_ANONYMOUS_SOCKETS } from '../../lib/anonymous-sockets.js';
import type { StreamClient } from '../../lib/stream-hub.js';
import { apiError, authenticate, authenticateWsApi, countWeight, type WeightCounter } from './signed.js';
import { keyTopic, LISTEN_KEY, USER_DATA_FAMILY, type UserData } from './user-data.js';

/** A listenKey lives this long after its creation or last keepalive, as on the exchange. */
const LISTEN_KEY_VALID_MS = 60 * 60_000;
/** The exchange's weight of each userDataStream call. */
const WEIGHT = 2;

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const newListenKey = () => Array.from({ length: 60 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
const noSuchListenKey = () => new ExchangeApiError(400, -1125, 'This listenKey does not exist.');

/** Requests per second a WebSocket API connection may send before it is closed. */
const MAX_MESSAGES_PER_SECOND = 10;
const MAX_BUFFERED_BYTES = 1024 * 1024;

export function userDataStreamRoutes(app: ZodApp, ctx: AppContext, weights: WeightCounter, userData: UserData) {
  // Its own tag: these take the key alone (USER_STREAM), the 'private-api' routes a signature too.
  const doc = (summary: string) => ({ schema: { tags: ['user-data-stream'], summary, hide: false } });
  const keyOnly = async (req: FastifyRequest, reply: FastifyReply) => {
    countWeight(weights, req, reply, WEIGHT);
    return authenticate(ctx, req, 'USER_STREAM', 'read');
  };

  /** The caller key's listenKey named in the request, if it has not run out. */
  async function ownListenKey(apiKeyId: number, params: Map<string, string>) {
    const listenKey = params.get('listenKey');
    if (!listenKey) throw apiError.mandatory('listenKey');
    if (!LISTEN_KEY.test(listenKey)) throw noSuchListenKey();
    const [row] = await ctx.db
      .select()
      .from(apiListenKeys)
      .where(
        and(
          eq(apiListenKeys.listenKey, listenKey),
          eq(apiListenKeys.apiKeyId, apiKeyId),
          gt(apiListenKeys.expiresAt, ctx.clock.now()),
        ),
      );
    if (!row) throw noSuchListenKey();
    return row;
  }

  app.post(
    '/api/v3/userDataStream',
    doc('Start a user data stream (USER_STREAM): a listenKey valid for 60 minutes'),
    async (req, reply) => {
      const caller = await keyOnly(req, reply);
      const now = ctx.clock.now();
      const expiresAt = new Date(now.getTime() + LISTEN_KEY_VALID_MS);
      // Run-out listen keys of this key are gone for good.
      await ctx.db
        .delete(apiListenKeys)
        .where(and(eq(apiListenKeys.apiKeyId, caller.key.id), lte(apiListenKeys.expiresAt, now)));
      const [live] = await ctx.db
        .update(apiListenKeys)
        .set({ expiresAt })
        .where(eq(apiListenKeys.apiKeyId, caller.key.id))
        .returning({ listenKey: apiListenKeys.listenKey });
      if (live) return reply.send({ listenKey: live.listenKey });
      const listenKey = newListenKey();
      await ctx.db
        .insert(apiListenKeys)
        .values({ listenKey, apiKeyId: caller.key.id, userId: caller.userId, createdAt: now, expiresAt });
      return reply.send({ listenKey });
    },
  );

  app.put(
    '/api/v3/userDataStream',
    doc('Keep a user data stream alive (USER_STREAM): 60 minutes from now'),
    async (req, reply) => {
      const caller = await keyOnly(req, reply);
      const row = await ownListenKey(caller.key.id, caller.params);
      await ctx.db
        .update(apiListenKeys)
        .set({ expiresAt: new Date(ctx.clock.now().getTime() + LISTEN_KEY_VALID_MS) })
        .where(eq(apiListenKeys.listenKey, row.listenKey));
      return reply.send({});
    },
  );

  app.delete(
    '/api/v3/userDataStream',
    doc('Close a user data stream (USER_STREAM): the listenKey and its connections'),
    async (req, reply) => {
      const caller = await keyOnly(req, reply);
      const row = await ownListenKey(caller.key.id, caller.params);
      await ctx.db.delete(apiListenKeys).where(eq(apiListenKeys.listenKey, row.listenKey));
      // Here at once; other instances hear listen_keys_changed (migration 0017).
      userData.closeListenKey(row.userId, row.listenKey);
      return reply.send({});
    },
  );

  app.get('/ws-api/v3', { websocket: true, schema: { hide: true } }, (socket, request) =>
    openWsApi(ctx, userData, socket, request),
  );
}

type WsApiAnswer = { status: number; result: unknown } | { status: number; error: { code: number; msg: string } };

function openWsApi(ctx: AppContext, userData: UserData, socket: WebSocket, request: FastifyRequest) {
  const hub = ctx.streams;
  // Until a signed subscription, the socket holds one of its address's places (docs/decisions/0050).
  const place = hub.anonymous.admit(request.ip);
  if (!place) {
    socket.close(TOO_MANY_ANONYMOUS_SOCKETS.code, TOO_MANY_ANONYMOUS_SOCKETS.reason);
    return;
  }
  const releaseAnonymous: () => void = place;
  let subscription: { id: number; topic: string } | undefined;
  let subscriptions = 0;
  const writable = () => socket.readyState === socket.OPEN && socket.bufferedAmount < MAX_BUFFERED_BYTES;
  const client: StreamClient = {
    combined: false,
    // Each event of the subscription, wrapped as the WebSocket API wraps user data.
    send(frame) {
      if (subscription && writable()) socket.send(`{"subscriptionId":${subscription.id},"event":${frame}}`);
    },
  };
  const answer = (id: unknown, body: WsApiAnswer) => {
    if (writable()) socket.send(JSON.stringify({ id: id ?? null, ...body }));
  };
  const refusal = (error: ExchangeApiError) => ({
    status: error.statusCode,
    error: { code: error.code, msg: error.msg },
  });

  function unsubscribe() {
    if (!subscription) return;
    hub.unsubscribe(client, subscription.topic);
    subscription = undefined;
  }

  /** The answer to a request (null: answered already). */
  async function handle(id: unknown, method: unknown, params: Record<string, unknown>): Promise<WsApiAnswer | null> {
    switch (method) {
      case 'ping':
        return { status: 200, result: {} };
      case 'time':
        return { status: 200, result: { serverTime: ctx.clock.now().getTime() } };
      case 'userDataStream.subscribe.signature': {
        const key = await authenticateWsApi(ctx, params, request.ip, 'read');
        releaseAnonymous();
        const topic = keyTopic(key.id);
        await userData.subscribeUser(client, key.userId, topic, { apiKeyId: key.id });
        unsubscribe();
        const checked = hub.check(topic, client);
        if ('error' in checked) throw apiError.rejectedKey();
        subscription = { id: subscriptions++, topic };
        // Answered before the first event can go out on it.
        answer(id, { status: 200, result: { subscriptionId: subscription.id } });
        hub.subscribe(client, topic, USER_DATA_FAMILY);
        return null;
      }
      case 'userDataStream.unsubscribe':
        unsubscribe();
        return { status: 200, result: {} };
      default:
        return refusal(new ExchangeApiError(400, -1020, 'This operation is not supported.'));
    }
  }

  let queue: Promise<void> = Promise.resolve();
  let windowStart = Date.now(); // wall time: a flood guard, not domain time (as realtime/routes.ts)
  let messagesInWindow = 0;
  socket.on('message', (data, isBinary) => {
    const now = Date.now();
    if (now - windowStart >= 1000) {
      windowStart = now;
      messagesInWindow = 0;
    }
    if (++messagesInWindow > MAX_MESSAGES_PER_SECOND) return socket.close(1008, 'Too many requests');
    let message: unknown;
    try {
      message = isBinary ? undefined : JSON.parse(data.toString());
    } catch {
      message = undefined;
    }
    if (typeof message !== 'object' || message === null || Array.isArray(message)) {
      return answer(null, refusal(new ExchangeApiError(400, -1100, 'Malformed request.')));
    }
    const { id, method, params } = message as { id?: unknown; method?: unknown; params?: unknown };
    const named = typeof params === 'object' && params !== null && !Array.isArray(params) ? params : {};
    queue = queue
      .then(async () => {
        try {
          const result = await handle(id, method, named as Record<string, unknown>);
          if (result) answer(id, result);
        } catch (error) {
          if (error instanceof ExchangeApiError) return answer(id, refusal(error));
          throw error;
        }
      })
      .catch((error: unknown) => {
        logBackgroundFailure(request.log, 'websocket api', error);
        answer(
          id,
          refusal(
            new ExchangeApiError(503, -1001, 'Internal error; unable to process your request. Please try again.'),
          ),
        );
      });
  });
  socket.on('close', () => {
    releaseAnonymous();
    hub.drop(client);
  });
  socket.on('error', (error) => request.log.debug({ err: error }, 'websocket api error'));
}
