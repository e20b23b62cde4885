/**
 * Signed requests as the exchange signs them (docs/architecture.md "Private API"): the key in
 * `X-MBX-APIKEY`; `timestamp` and `recvWindow` (default 5000, at most 60000) and an HMAC-SHA256 hex
 * `signature` over totalParams, the query string concatenated with the request body (both as sent,
 * without the signature). Refusals carry the exchange's codes, texts and HTTP statuses. Request
 * weight is counted per client address and minute like the exchange's, and every answer says
 * what was used in `X-MBX-USED-WEIGHT-1M`.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ApiKeyPermission } from '../../../shared/api/api-keys.js';
import type { AppContext } from '../../context.js';
import { apiKeys } from './schema.js';
import { ExchangeApiError } from '../../errors.js';
import { API_KEY_FORMAT, openApiSecret, type ApiKeyRow } from './keys.js';

/** The exchange's endpoint security types we serve: a key alone, or a key and a signature. */
export type Security = 'USER_STREAM' | 'USER_DATA' | 'TRADE';

const RECV_WINDOW_DEFAULT = 5000;
const RECV_WINDOW_MAX = 60000;
/** The exchange's request weight per address and minute. */
const WEIGHT_LIMIT_1M = 6000;

export const apiError = {
  keyFormat: () => new ExchangeApiError(401, -2014, 'API-key format invalid.'),
  rejectedKey: () => new ExchangeApiError(401, -2015, 'Invalid API-key, IP, or permissions for action.'),
  badSignature: () => new ExchangeApiError(400, -1022, 'Signature for this request is not valid.'),
  outsideWindow: () => new ExchangeApiError(400, -1021, 'Timestamp for this request is outside of the recvWindow.'),
  ahead: () => new ExchangeApiError(400, -1021, "Timestamp for this request was 1000ms ahead of the server's time."),
  badRecvWindow: () => new ExchangeApiError(400, -1131, `recvWindow must be less than ${RECV_WINDOW_MAX}`),
  mandatory: (name: string) =>
    new ExchangeApiError(400, -1102, `Mandatory parameter '${name}' was not sent, was empty/null, or malformed.`),
  illegal: (name: string, legal: string) =>
    new ExchangeApiError(400, -1100, `Illegal characters found in parameter '${name}'; legal range is '${legal}'.`),
  duplicate: () => new ExchangeApiError(400, -1101, 'Duplicate values for a parameter detected.'),
  tooMuchWeight: () =>
    new ExchangeApiError(
      429,
      -1003,
      `Too much request weight used; current limit is ${WEIGHT_LIMIT_1M} request weight per 1 MINUTE. Please use WebSocket Streams for live updates to avoid polling the API.`,
    ),
};

/** Who signed a request, and its parameters (query and body together, signature left out). */
export interface SignedCaller {
  key: ApiKeyRow;
  userId: number;
  params: Map<string, string>;
}

const withoutSignature = (raw: string) =>
  raw
    .split('&')
    .filter((part) => part !== '' && !part.startsWith('signature='))
    .join('&');

/** The raw query string (after '?') and the raw form body, as the client sent them. */
function rawParts(request: FastifyRequest): { query: string; body: string } {
  const url = request.raw.url ?? '';
  const at = url.indexOf('?');
  return { query: at < 0 ? '' : url.slice(at + 1), body: typeof request.body === 'string' ? request.body : '' };
}

/** Query and body parameters; a parameter sent twice (in either or both) is refused, as the exchange does. */
function paramsOf(query: string, body: string): Map<string, string> {
  const params = new Map<string, string>();
  for (const source of [query, body]) {
    for (const [name, value] of new URLSearchParams(source)) {
      if (params.has(name)) throw apiError.duplicate();
      params.set(name, value);
    }
  }
  return params;
}

const INTEGER = /^\d{1,20}$/;
const SIGNATURE = /^[0-9a-fA-F]{64}$/;

/** Weight used per client address in the current minute (in memory, per instance, like the other limits). */
export function createWeightCounter(now: () => number) {
  const used = new Map<string, { minute: number; weight: number }>();
  return {
    /** Adds `weight` for the address; returns the minute's total. */
    add(address: string, weight: number): number {
      const minute = Math.floor(now() / 60_000);
      const entry = used.get(address);
      if (!entry || entry.minute !== minute) {
        if (used.size > 10_000) used.clear(); // a bounded map: old minutes are worthless
        used.set(address, { minute, weight });
        return weight;
      }
      entry.weight += weight;
      return entry.weight;
    },
  };
}

export type WeightCounter = ReturnType<typeof createWeightCounter>;

/** Counts the request's weight, sets X-MBX-USED-WEIGHT-1M; refuses (429, -1003) over the limit. */
export function countWeight(counter: WeightCounter, request: FastifyRequest, reply: FastifyReply, weight: number) {
  const total = counter.add(request.ip, weight);
  reply.header('x-mbx-used-weight', String(total));
  reply.header('x-mbx-used-weight-1m', String(total));
  if (total > WEIGHT_LIMIT_1M) throw apiError.tooMuchWeight();
}

/** The key named by a request: well formed, known, enabled, not ended, allowed from `ip`. */
async function liveKey(ctx: Pick<AppContext, 'db'>, apiKey: string | undefined, ip: string): Promise<ApiKeyRow> {
  if (!apiKey || !API_KEY_FORMAT.test(apiKey)) throw apiError.keyFormat();
  const [key] = await ctx.db.select().from(apiKeys).where(eq(apiKeys.apiKey, apiKey));
  if (!key || !key.enabled || key.endedAt) throw apiError.rejectedKey();
  if (key.ipAllowlist.length > 0 && !key.ipAllowlist.includes(ip)) throw apiError.rejectedKey();
  return key;
}

/** `timestamp` within `recvWindow` (default 5000 ms, at most 60000) of the server's time, and not 1 s ahead. */
function checkTime(ctx: Pick<AppContext, 'clock'>, timestamp: string | undefined, recv: string | undefined) {
  if (!timestamp) throw apiError.mandatory('timestamp');
  if (!INTEGER.test(timestamp)) throw apiError.illegal('timestamp', '^[0-9]{1,20}$');
  if (recv !== undefined && !/^\d{1,20}(\.\d{1,3})?$/.test(recv)) throw apiError.illegal('recvWindow', '^[0-9]{1,20}$');
  const recvWindow = recv === undefined ? RECV_WINDOW_DEFAULT : Number(recv);
  if (recvWindow > RECV_WINDOW_MAX) throw apiError.badRecvWindow();
  const serverTime = ctx.clock.now().getTime();
  const sent = Number(timestamp);
  if (sent >= serverTime + 1000) throw apiError.ahead();
  if (serverTime - sent > recvWindow) throw apiError.outsideWindow();
}

/** The hex HMAC-SHA256 of `payload` under the key's secret, compared in constant time. */
function checkSignature(ctx: Pick<AppContext, 'config'>, key: ApiKeyRow, payload: string, signature: string) {
  if (!SIGNATURE.test(signature)) throw apiError.badSignature();
  const expected = createHmac('sha256', openApiSecret(ctx.config, key)).update(payload).digest();
  if (!timingSafeEqual(expected, Buffer.from(signature, 'hex'))) throw apiError.badSignature();
}

/**
 * A signed request of the exchange's WebSocket API (userDataStream.subscribe.signature): the key
 * in `params.apiKey`, and the signature over every other parameter sorted by name, joined as
 * `name=value&...` (the WebSocket API's signing rule; ccxt's signParams signs it that way).
 */
export async function authenticateWsApi(
  ctx: Pick<AppContext, 'db' | 'clock' | 'config'>,
  params: Record<string, unknown>,
  ip: string,
  permission: ApiKeyPermission,
): Promise<ApiKeyRow> {
  const text = (name: string) => {
    const value = params[name];
    if (value === undefined || value === null) return undefined;
    if (typeof value !== 'string' && typeof value !== 'number' && typeof value !== 'boolean')
      throw apiError.illegal(name, 'a string or number');
    return String(value);
  };
  const key = await liveKey(ctx, text('apiKey'), ip);
  checkTime(ctx, text('timestamp'), text('recvWindow'));
  const signature = text('signature');
  if (!signature) throw apiError.mandatory('signature');
  const payload = Object.keys(params)
    .filter((name) => name !== 'signature')
    .sort()
    .map((name) => `${name}=${text(name)}`)
    .join('&');
  checkSignature(ctx, key, payload, signature);
  if (!key.permissions.includes(permission)) throw apiError.rejectedKey();
  return key;
}

/** Written at most once a minute per key. */
const LAST_USED_EVERY_MS = 60_000;

/**
 * Checks the key (and, unless `USER_STREAM`, the signature and time window) of a request; the key
 * must be enabled, not ended, allowed from the request's address, and hold `permission`.
 */
export async function authenticate(
  ctx: Pick<AppContext, 'db' | 'clock' | 'config'>,
  request: FastifyRequest,
  security: Security,
  permission: ApiKeyPermission,
): Promise<SignedCaller> {
  const header = request.headers['x-mbx-apikey'];
  const key = await liveKey(ctx, Array.isArray(header) ? undefined : header?.trim(), request.ip);

  const raw = rawParts(request);
  const params = paramsOf(raw.query, raw.body);
  if (security !== 'USER_STREAM') {
    checkTime(ctx, params.get('timestamp'), params.get('recvWindow'));
    const signature = params.get('signature');
    if (!signature) throw apiError.mandatory('signature');
    const totalParams = withoutSignature(raw.query) + withoutSignature(raw.body);
    checkSignature(ctx, key, totalParams, signature);
  }
  if (!key.permissions.includes(permission)) throw apiError.rejectedKey();
  params.delete('signature');

  const now = ctx.clock.now();
  if (!key.lastUsedAt || now.getTime() - key.lastUsedAt.getTime() > LAST_USED_EVERY_MS) {
    await ctx.db.update(apiKeys).set({ lastUsedAt: now }).where(eq(apiKeys.id, key.id));
  }
  return { key, userId: key.userId, params };
}
