/**
 * The WebSocket endpoint, speaking the exchange's stream protocol so stock clients work:
 * - /ws            raw frames; streams chosen with SUBSCRIBE / UNSUBSCRIBE messages
 * - /ws/<streams>  raw frames, streams named in the path (slash-separated)
 * - /stream?streams=a/b   combined frames {"stream", "data"}
 * As on the exchange, path segments that name no stream are ignored (ccxt.pro connects to /ws/0,
 * /ws/1...), unless a module claims them (StreamHub.addSegmentResolver: a listenKey), and
 * SUBSCRIBE / UNSUBSCRIBE / LIST_SUBSCRIPTIONS work on every one of these URLs.
 * Which streams exist is up to the modules that add topic families to the hub (ctx.streams, see
 * lib/stream-hub.ts); this file only speaks the protocol and manages connections.
 */
import type { FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import type { AppContext, AppModule } from '../../context.js';
import { logBackgroundFailure } from '../../db/errors.js';
import { TOO_MANY_ANONYMOUS_SOCKETS } from '../../lib/anonymous-sockets.js';
import { onSessionsEnded } from '../../lib/session-events.js';
import type { StreamClient } from '../../lib/stream-hub.js';
import { batchSender } from './batch.js';
import {
  errorFrame,
  normalizeStream,
  parseRequest,
  pathSegments,
  resultFrame,
  type StreamRequest,
} from './protocol.js';

/** At most this many streams per connection. */
const MAX_STREAMS_PER_CONNECTION = 200;
/** Requests per second a connection may send before it is closed (the exchange allows 5). */
const MAX_MESSAGES_PER_SECOND = 10;
/**
 * Path segments that name no stream a connection may have looked up (listenKeys, each a database
 * read; docs/decisions/0050). The exchange's clients name one listenKey, ccxt adds a '/0'.
 */
const MAX_CLAIMED_SEGMENTS = 10;
const TOO_MANY_SEGMENTS = { code: 1008, reason: 'Too many listenKeys' } as const;
/** A client that has this much unread data gets no more frames until it catches up. */
const MAX_BUFFERED_BYTES = 1024 * 1024;
/**
 * A logged-in connection checks its token again this often, so an expired token stops receiving
 * user streams (the connection stays, with its market streams), and a session ended while the
 * notification connection was down is still noticed. Ends anywhere are normally seen within
 * milliseconds (lib/session-events.ts).
 */
export const SESSION_RECHECK_MS = 30_000;
export const SESSION_ENDED = { code: 401, msg: 'Your session has ended. Please log in again.' };
/**
 * Close code of a connection whose session was ended (logout, signed out from Sessions and devices,
 * a password change or reset): it is told with SESSION_ENDED, then closed (docs/security.md).
 */
export const SESSION_ENDED_CLOSE = { code: 4001, reason: 'Session ended' } as const;

function openConnection(
  ctx: AppContext,
  socket: WebSocket,
  request: FastifyRequest,
  segments: string[],
  combined: boolean,
) {
  const hub = ctx.streams;
  // Until it shows a credential (LOGIN, a listenKey) a socket holds one of its address's places.
  const place = hub.anonymous.admit(request.ip);
  if (!place) {
    socket.close(TOO_MANY_ANONYMOUS_SOCKETS.code, TOO_MANY_ANONYMOUS_SOCKETS.reason);
    return;
  }
  const releaseAnonymous: () => void = place;
  const sendBatch = batchSender(socket);
  const writable = () => socket.readyState === socket.OPEN && socket.bufferedAmount < MAX_BUFFERED_BYTES;
  const client: StreamClient = {
    combined,
    send(frame) {
      if (writable()) socket.send(frame);
    },
    // A tick's frames in one write: one system call per client per tick, not one per frame.
    sendMany(frames) {
      if (writable()) sendBatch(frames);
    },
    close(code, reason) {
      socket.close(code, reason);
    },
  };
  hub.attach(client);

  /** Subscribes to all or none; returns the new topics, or why not. */
  function subscribe(streams: string[]): { added: string[] } | { problem: string } {
    const checked: [string, string][] = [];
    for (const topic of streams) {
      const result = hub.check(topic, client);
      if ('error' in result) return { problem: result.error };
      checked.push([topic, result.family]);
    }
    const after = new Set([...hub.subscriptions(client), ...streams]);
    if (after.size > MAX_STREAMS_PER_CONNECTION)
      return { problem: `at most ${MAX_STREAMS_PER_CONNECTION} streams per connection` };
    return { added: checked.filter(([topic, family]) => hub.subscribe(client, topic, family)).map(([topic]) => topic) };
  }

  /** New subscribers see the current state at once instead of waiting for the next tick. */
  const sendCurrent = (topics: string[]) => hub.sendCurrent(client, topics);

  /** The token the connection logged in with, re-checked while the connection lives. */
  let session: { token: string; timer: NodeJS.Timeout } | undefined;
  /** Stops hearing the signed-in user's session changes (set at LOGIN). */
  let stopListening = (): void => {};

  /** Leaves every topic this connection may no longer have (user streams after its session ended). */
  const dropForbidden = () => {
    for (const topic of hub.subscriptions(client))
      if ('error' in hub.check(topic, client)) hub.unsubscribe(client, topic);
  };

  function endSession() {
    if (!session) return;
    clearInterval(session.timer);
    session = undefined;
    stopListening();
    client.userId = undefined;
    client.isAdmin = undefined;
    dropForbidden();
    client.send(errorFrame(SESSION_ENDED));
  }

  /** Is the login token still good (not expired, not ended by logout or a password change)? */
  async function recheck(): Promise<void> {
    const token = session?.token;
    if (!token) return;
    const user = await ctx.guard.resolveUser(token);
    if (session?.token !== token) return; // a newer LOGIN took over meanwhile
    if (!user || user.id !== client.userId) {
      // Still well signed and unexpired, yet refused: its session was ended, not merely run out.
      const ended = (await ctx.tokens.verify(token)) !== null;
      endSession();
      if (ended) socket.close(SESSION_ENDED_CLOSE.code, SESSION_ENDED_CLOSE.reason);
      return;
    }
    client.isAdmin = user.isAdmin; // staff rights can be taken away too
    dropForbidden();
  }
  const recheckSoon = (): void => {
    // While the database is away the session stays as it is, checked again on the next round.
    recheck().catch((error: unknown) => logBackgroundFailure(request.log, 'websocket session check', error));
  };

  async function login(req: Extract<StreamRequest, { method: 'LOGIN' }>): Promise<void> {
    const user = await ctx.guard.resolveUser(req.token);
    if (!user) return client.send(errorFrame({ code: 401, msg: 'Invalid or expired token' }, req.id));
    // A new identity starts clean: nothing subscribed under the previous one may stay.
    if (client.userId !== undefined && client.userId !== user.id) hub.drop(client);
    // Hears this user's sessions changing (lib/session-events.ts), no one else's.
    if (client.userId !== user.id) {
      stopListening();
      stopListening = onSessionsEnded(ctx, user.id, recheckSoon);
    }
    client.userId = user.id;
    client.isAdmin = user.isAdmin;
    releaseAnonymous();
    if (session) clearInterval(session.timer);
    session = { token: req.token, timer: setInterval(recheckSoon, SESSION_RECHECK_MS) };
    session.timer.unref();
    client.send(resultFrame({ user_id: user.id, is_admin: user.isAdmin }, req.id));
  }

  async function handle(req: StreamRequest): Promise<void> {
    if (req.method === 'LOGIN') {
      try {
        await login(req);
      } catch (error) {
        logBackgroundFailure(request.log, 'websocket login', error);
        client.send(errorFrame({ code: -1, msg: 'Login failed, please try again' }, req.id));
      }
      return;
    }
    if (req.method === 'SUBSCRIBE') {
      const result = subscribe(req.streams);
      if ('problem' in result)
        return client.send(errorFrame({ code: 2, msg: `Invalid request: ${result.problem}` }, req.id));
      client.send(resultFrame(null, req.id));
      return sendCurrent(result.added);
    }
    client.send(answer(req));
  }

  function answer(req: Exclude<StreamRequest, { method: 'SUBSCRIBE' | 'LOGIN' }>): string {
    switch (req.method) {
      case 'UNSUBSCRIBE':
        for (const topic of req.streams) hub.unsubscribe(client, topic);
        return resultFrame(null, req.id);
      case 'LIST_SUBSCRIPTIONS':
        return resultFrame(hub.subscriptions(client), req.id);
      case 'SET_PROPERTY':
        client.combined = req.value;
        return resultFrame(null, req.id);
      case 'GET_PROPERTY':
        return resultFrame(client.combined, req.id);
    }
  }

  /** Frames are handled one after another: a SUBSCRIBE sent right after LOGIN must see the login. */
  let queue: Promise<void> = Promise.resolve();
  // Wall time on purpose, not ctx.clock: a per-second flood guard on one socket is no domain time,
  // and a test clock moved ahead must not reset it.
  let windowStart = Date.now();
  let messagesInWindow = 0;
  socket.on('message', (data, isBinary) => {
    hub.countReceived();
    const now = Date.now();
    if (now - windowStart >= 1000) {
      windowStart = now;
      messagesInWindow = 0;
    }
    if (++messagesInWindow > MAX_MESSAGES_PER_SECOND) {
      socket.close(1008, 'Too many requests');
      return;
    }
    if (isBinary) {
      client.send(errorFrame({ code: 3, msg: 'Invalid JSON: expected a text frame' }));
      return;
    }
    const parsed = parseRequest(data.toString(), MAX_STREAMS_PER_CONNECTION);
    if ('error' in parsed) client.send(errorFrame(parsed.error, parsed.id));
    else {
      const req = parsed.request;
      queue = queue.then(() => handle(req));
    }
  });
  socket.on('close', () => {
    releaseAnonymous();
    hub.drop(client);
    stopListening();
    if (session) clearInterval(session.timer);
    session = undefined;
  });
  socket.on('error', (error) => request.log.debug({ err: error }, 'websocket error'));

  /**
   * The URL's segments: streams are subscribed, a segment a module claims (a listenKey) stands for
   * its topics, anything else is ignored. Before any message is handled (it is first in the queue).
   */
  async function openWith(): Promise<void> {
    const named = [...new Set(segments.slice(0, MAX_STREAMS_PER_CONNECTION + 1))].map((segment) => {
      const name = normalizeStream(segment);
      return { segment, topic: 'error' in hub.check(name, client) ? null : name };
    });
    // Each segment that is no stream may be a listenKey, looked up in the database: a few, not 201.
    if (named.filter((item) => item.topic === null).length > MAX_CLAIMED_SEGMENTS) {
      client.send(errorFrame({ code: 2, msg: `Invalid request: at most ${MAX_CLAIMED_SEGMENTS} listenKeys` }));
      socket.close(TOO_MANY_SEGMENTS.code, TOO_MANY_SEGMENTS.reason);
      return;
    }
    const topics: string[] = [];
    for (const item of named) {
      if (item.topic !== null) {
        topics.push(item.topic);
        continue;
      }
      const claimed = await hub.resolveSegment(item.segment, client);
      if (!claimed) continue;
      topics.push(...claimed);
      releaseAnonymous(); // a live listenKey is a credential
    }
    if (topics.length === 0 || socket.readyState !== socket.OPEN) return;
    const result = subscribe(topics);
    if ('problem' in result) {
      client.send(errorFrame({ code: 2, msg: `Invalid request: ${result.problem}` }));
      socket.close(1008, 'Invalid stream');
    } else {
      sendCurrent(result.added);
    }
  }
  if (segments.length > 0) {
    queue = queue.then(openWith).catch((error: unknown) => {
      logBackgroundFailure(request.log, 'websocket path streams', error);
      socket.close(1011, 'Try again later');
    });
  }
}

export const realtimeModule: AppModule = (app, ctx) => {
  app.get('/ws', { websocket: true, schema: { hide: true } }, (socket, request) =>
    openConnection(ctx, socket, request, [], false),
  );

  app.get<{ Params: { '*': string } }>('/ws/*', { websocket: true, schema: { hide: true } }, (socket, request) =>
    openConnection(ctx, socket, request, pathSegments(request.params['*']), false),
  );

  app.get<{ Querystring: { streams?: string } }>(
    '/stream',
    { websocket: true, schema: { hide: true } },
    (socket, request) => {
      const streams = typeof request.query.streams === 'string' ? pathSegments(request.query.streams) : [];
      openConnection(ctx, socket, request, streams, true);
    },
  );
};
