/**
 * The exchange's WebSocket request protocol: {"method": "SUBSCRIBE", "params": [...], "id": 1}.
 * A message either parses into a request or into the exchange's error frame
 * ({"error": {"code", "msg"}, "id"}); malformed input never throws.
 */

export type RequestId = number | string | null;

export type StreamRequest =
  | { method: 'SUBSCRIBE'; streams: string[]; id: RequestId }
  | { method: 'UNSUBSCRIBE'; streams: string[]; id: RequestId }
  | { method: 'LIST_SUBSCRIPTIONS'; id: RequestId }
  | { method: 'SET_PROPERTY'; property: 'combined'; value: boolean; id: RequestId }
  | { method: 'GET_PROPERTY'; property: 'combined'; id: RequestId }
  /** Ours, not the exchange's: proves a bearer token so user-scoped streams (chat) may be subscribed. */
  | { method: 'LOGIN'; token: string; id: RequestId };

export interface ProtocolError {
  code: number;
  msg: string;
}

const METHODS = ['SUBSCRIBE', 'UNSUBSCRIBE', 'LIST_SUBSCRIPTIONS', 'SET_PROPERTY', 'GET_PROPERTY', 'LOGIN'];
const STREAM_NAME = /^[A-Za-z0-9!@_.-]{1,64}$/;

export const errorFrame = (error: ProtocolError, id: RequestId = null) => JSON.stringify({ error, id });
export const resultFrame = (result: unknown, id: RequestId) => JSON.stringify({ result, id });

const invalid = (msg: string): ProtocolError => ({ code: 2, msg: `Invalid request: ${msg}` });

function requestId(value: unknown): RequestId | undefined {
  if (value === undefined || value === null) return null;
  if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) return value;
  if (typeof value === 'string' && value.length <= 64) return value;
  return undefined;
}

export function parseRequest(
  raw: string,
  maxStreams: number,
): { request: StreamRequest } | { error: ProtocolError; id: RequestId } {
  let message: unknown;
  try {
    message = JSON.parse(raw);
  } catch {
    return { error: { code: 3, msg: 'Invalid JSON: expected value' }, id: null };
  }
  if (typeof message !== 'object' || message === null || Array.isArray(message)) {
    return { error: invalid('expected an object'), id: null };
  }
  const { method, params, id: rawId } = message as Record<string, unknown>;
  const id = requestId(rawId);
  if (id === undefined) return { error: invalid('request ID must be an unsigned integer or a short string'), id: null };
  if (typeof method !== 'string') return { error: invalid('missing field method'), id };
  if (!METHODS.includes(method))
    return { error: invalid(`unknown variant ${method}, expected one of ${METHODS.join(', ')}`), id };
  if (params !== undefined && !Array.isArray(params)) return { error: invalid('params must be an array'), id };
  const list = (params as unknown[] | undefined) ?? [];

  switch (method) {
    case 'SUBSCRIBE':
    case 'UNSUBSCRIBE': {
      if (list.length === 0) return { error: invalid('params must name at least one stream'), id };
      if (list.length > maxStreams) return { error: invalid('too many parameters'), id };
      if (!list.every((s): s is string => typeof s === 'string' && STREAM_NAME.test(s))) {
        return { error: invalid('stream names must be strings like btcusdt@ticker'), id };
      }
      return { request: { method, streams: list.map(normalizeStream), id } };
    }
    case 'LIST_SUBSCRIPTIONS':
      return { request: { method, id } };
    case 'LOGIN': {
      const [token] = list;
      if (typeof token !== 'string' || token.length === 0 || token.length > 4096)
        return { error: invalid('params must hold the access token'), id };
      return { request: { method, token, id } };
    }
    case 'SET_PROPERTY': {
      const [name, value] = list;
      if (name !== 'combined') return { error: { code: 0, msg: 'Unknown property' }, id };
      if (typeof value !== 'boolean') return { error: { code: 1, msg: 'Invalid value type: expected Boolean' }, id };
      return { request: { method, property: 'combined', value, id } };
    }
    default: {
      const [name] = list;
      if (name !== 'combined') return { error: { code: 0, msg: 'Unknown property' }, id };
      return { request: { method: 'GET_PROPERTY', property: 'combined', id } };
    }
  }
}

/**
 * A stream name as topics are kept: the part before the first '@' (the symbol) in lower case, the
 * rest as given, since a kline interval's case matters (kline_1m is a minute, kline_1M a month).
 */
export function normalizeStream(name: string): string {
  const at = name.indexOf('@');
  return at < 0 ? name.toLowerCase() : name.slice(0, at).toLowerCase() + name.slice(at);
}

/**
 * The segments of a URL path that could name something (/ws/btcusdt@ticker/0 -> two), as written:
 * a segment that is no stream may be a listenKey (case matters) or anything a client adds (ccxt's
 * /ws/0), which the route ignores.
 */
export function pathSegments(path: string): string[] {
  return path
    .split('/')
    .map((s) => s.trim())
    .filter((s) => s !== '' && STREAM_NAME.test(s));
}

/** Streams named in a URL: /ws/btcusdt@ticker/ethusdt@ticker or ?streams=btcusdt@ticker/ethusdt@ticker. */
export function streamsInPath(path: string): string[] {
  return pathSegments(path).map(normalizeStream);
}
