/**
 * The access-control matrix (OWASP ASVS 5 V8, V9; API Top 10 API1, API2, API5): every route the app registers
 * x every kind of caller gets exactly the answer its access class allows. The route list comes
 * from the app itself, so a route missing from route-table.ts fails the run.
 */
import { and, eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatMessages } from '../../../src/server/modules/chat/schema.js';
import { verifications } from '../../../src/server/modules/identity/schema.js';
import { USER_STREAMS } from '../../../src/shared/api/streams.js';
import { CHAT_STREAMS } from '../../../src/shared/api/support.js';
import { connectWs } from '../../helpers/ws.js';
import type { TestUser } from '../../helpers/users.js';
import { ROUTE_TABLE, type ActorName, type RouteSpec } from './route-table.js';
import { createScene, secretAddress, send, type Scene } from './scene.js';

interface Variant {
  name: string;
  /** The real account behind the token, or null for tokens that must not work. */
  actor: ActorName | null;
  token: (s: Scene) => string | undefined;
}

const actorOf = (s: Scene, name: ActorName): TestUser => ({ owner: s.owner, other: s.other, admin: s.admin })[name];

const VARIANTS: Variant[] = [
  { name: 'no token', actor: null, token: () => undefined },
  { name: 'expired token', actor: null, token: (s) => s.forged.expired },
  { name: 'token signed with another key', actor: null, token: (s) => s.forged.wrongKey },
  { name: 'alg none token', actor: null, token: (s) => s.forged.algNone },
  { name: 'token with an edited subject', actor: null, token: (s) => s.forged.tampered },
  { name: 'staff token after logout', actor: null, token: (s) => s.revoked.afterLogout },
  { name: 'staff token after a password change', actor: null, token: (s) => s.revoked.afterPasswordChange },
  { name: 'staff token after a password reset', actor: null, token: (s) => s.revoked.afterPasswordReset },
  { name: 'owner', actor: 'owner', token: (s) => s.owner.token },
  { name: 'another user', actor: 'other', token: (s) => s.other.token },
  { name: 'admin', actor: 'admin', token: (s) => s.admin.token },
];

/** The status a route owes a caller. */
function expectedStatus(spec: RouteSpec, actor: ActorName | null): number {
  const ok = spec.ok ?? 200;
  if (spec.access === 'public' || spec.access === 'signed-file' || spec.access === 'signed-key') return ok;
  if (actor === null) return 401;
  const special = spec.expect?.[actor];
  if (special !== undefined) return special;
  if (spec.access === 'admin') return actor === 'admin' ? ok : 403;
  return spec.owned && actor === 'other' ? 404 : ok;
}

let s: Scene;
beforeAll(async () => {
  s = await createScene();
}, 120_000);
afterAll(() => s.t.close());

const keyOf = (method: string, url: string) => `${method === 'HEAD' ? 'GET' : method} ${url}`;

describe('access-control matrix', () => {
  it('has an entry for every route the app serves, and none for routes it does not', () => {
    const served = new Set(s.t.routes.map((r) => keyOf(r.method, r.url)));
    const missing = [...served].filter((key) => !(key in ROUTE_TABLE));
    const stale = Object.keys(ROUTE_TABLE).filter((key) => !served.has(key));
    expect({ missing, stale }).toEqual({ missing: [], stale: [] });
  });

  it("answers every route x caller as its access class says, and hands no one the owner's data", async () => {
    const unexpected: string[] = [];
    const responsesTo: { variant: Variant; route: string; raw: string }[] = [];
    let requests = 0;
    const httpRoutes = s.t.routes.filter(
      (r) => !['websocket', 'websocket-api'].includes(ROUTE_TABLE[keyOf(r.method, r.url)]?.access ?? ''),
    );

    for (const route of httpRoutes) {
      const key = keyOf(route.method, route.url);
      const spec = ROUTE_TABLE[key]!;
      for (const variant of VARIANTS) {
        const basis = variant.actor ? actorOf(s, variant.actor) : s.owner;
        const request = await spec.request(s, basis);
        const res = await send(s.t, route.method, request, variant.token(s));
        requests++;
        const want = expectedStatus(spec, variant.actor);
        if (res.status !== want)
          unexpected.push(
            `${route.method} ${request.url} as ${variant.name}: ${res.status} (want ${want}) ${res.raw.slice(0, 200)}`,
          );
        if (res.status >= 400 && route.method !== 'HEAD' && typeof res.body?.error !== 'string') {
          unexpected.push(`${route.method} ${request.url} as ${variant.name}: ${res.status} without an error message`);
        }
        if (spec.access !== 'signed-file') responsesTo.push({ variant, route: key, raw: res.raw });
        if (res.status < 300 && variant.actor && spec.after) await spec.after(s, basis, res);
      }
    }

    // Nothing of the owner's reaches anyone but the owner and staff; identity images reach staff only.
    const chatImages = await s.t.db
      .select({ name: chatMessages.image })
      .from(chatMessages)
      .where(and(eq(chatMessages.senderId, s.owner.id), isNotNull(chatMessages.image)));
    const identity = await s.t.db.select().from(verifications).where(eq(verifications.userId, s.owner.id));
    const identityFiles = identity.flatMap((v) => [v.idCardFront, v.idCardBack, v.selfie]);
    const ownerPrivate = [
      s.secret,
      secretAddress(s.secret),
      s.owner.email,
      s.ownerSession,
      ...chatImages.map((r) => r.name!),
      ...identityFiles,
    ];
    expect(chatImages.length).toBeGreaterThan(0);
    expect(identityFiles.length).toBeGreaterThanOrEqual(3);
    for (const { variant, route, raw } of responsesTo) {
      if (variant.actor === 'admin') continue;
      const hidden = variant.actor === 'owner' ? identityFiles : ownerPrivate;
      const leaked = hidden.filter((value) => raw.includes(value));
      if (leaked.length > 0) unexpected.push(`${route} handed ${variant.name} the owner's ${leaked.join(', ')}`);
    }

    console.log(
      `access matrix: ${new Set(httpRoutes.map((r) => keyOf(r.method, r.url))).size} HTTP routes (${httpRoutes.length} with HEAD) x ${VARIANTS.length} callers = ${requests} requests, ${responsesTo.length} responses scanned for the owner's data, ${unexpected.length} unexpected`,
    );
    expect(unexpected).toEqual([]);
  }, 300_000); // the walk: every route x 11 callers (the private API's signed routes grew it past 30 s); the second factors' proofs add a password hash each (docs/decisions/0045): about 60 s on a quiet machine, past 90 s on a loaded one

  it('serves a file only with its signature, whoever asks', async () => {
    const { url } = await ROUTE_TABLE['GET /files/:name']!.request(s, s.owner);
    const unsigned = url.split('?')[0]!;
    for (const variant of VARIANTS) {
      expect((await send(s.t, 'GET', { url: unsigned }, variant.token(s))).status, variant.name).toBe(403);
    }
  });

  it("lets a stream connection log in only with a live token, and only the owner read the owner's chat and positions", async () => {
    const unexpected: string[] = [];
    let cases = 0;
    const wsRoutes = s.t.routes.filter(
      (r) => r.method === 'GET' && ROUTE_TABLE[keyOf(r.method, r.url)]?.access === 'websocket',
    );
    expect(wsRoutes.length).toBeGreaterThan(0);
    for (const route of wsRoutes) {
      const { url } = await ROUTE_TABLE[keyOf('GET', route.url)]!.request(s, s.owner);
      // A plain HTTP request is not a stream.
      const plain = await send(s.t, 'GET', { url });
      cases++;
      if (plain.status !== 404) unexpected.push(`plain GET ${url}: ${plain.status}`);
      for (const variant of VARIANTS) {
        const client = await connectWs(s.t, url);
        const token = variant.token(s);
        if (token) {
          client.send({ method: 'LOGIN', params: [token], id: 'login' });
          const login = await client.next((f) => f.id === 'login');
          const loggedIn = 'result' in login;
          if (loggedIn !== (variant.actor !== null))
            unexpected.push(`LOGIN on ${url} as ${variant.name}: ${JSON.stringify(login)}`);
          cases++;
        }
        // Each of the owner's own streams on its own: SUBSCRIBE is all or none.
        for (const topic of [
          CHAT_STREAMS.user(s.owner.id),
          USER_STREAMS.positions(s.owner.id),
          USER_STREAMS.leverWallet(s.owner.id),
        ]) {
          client.send({ method: 'SUBSCRIBE', params: [topic], id: topic });
          const sub = await client.next((f) => f.id === topic);
          const subscribed = 'result' in sub;
          if (subscribed !== (variant.actor === 'owner'))
            unexpected.push(`owner's ${topic} on ${url} as ${variant.name}: ${JSON.stringify(sub)}`);
          cases++;
        }
        client.ws.terminate();
      }
    }
    console.log(
      `access matrix, streams: ${wsRoutes.length} endpoints x ${VARIANTS.length} callers = ${cases} checks, ${unexpected.length} unexpected`,
    );
    expect(unexpected).toEqual([]);
  });

  it('the WebSocket API (/ws-api/v3) takes no bearer token: LOGIN is no method of it, an unsigned subscription is refused', async () => {
    const wsApiRoutes = s.t.routes.filter(
      (r) => r.method === 'GET' && ROUTE_TABLE[keyOf(r.method, r.url)]?.access === 'websocket-api',
    );
    expect(wsApiRoutes.map((r) => r.url)).toEqual(['/ws-api/v3']);
    expect((await send(s.t, 'GET', { url: '/ws-api/v3' })).status).toBe(404);
    const unexpected: string[] = [];
    for (const variant of VARIANTS) {
      const client = await connectWs(s.t, '/ws-api/v3');
      const token = variant.token(s);
      client.send({ id: 'login', method: 'LOGIN', params: [token] });
      const login = await client.next((f) => f.id === 'login');
      if (login.status !== 400) unexpected.push(`LOGIN as ${variant.name}: ${JSON.stringify(login)}`);
      // A token where the key's signature belongs gets nothing either.
      client.send({
        id: 'sub',
        method: 'userDataStream.subscribe.signature',
        params: { apiKey: token, timestamp: s.t.clock.now().getTime() },
      });
      const sub = await client.next((f) => f.id === 'sub');
      if (sub.status === 200) unexpected.push(`subscribe as ${variant.name}: ${JSON.stringify(sub)}`);
      client.ws.terminate();
    }
    expect(unexpected).toEqual([]);
  });
});
