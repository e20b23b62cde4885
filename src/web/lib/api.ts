/**
 * The one HTTP client of the app (docs/product.md sections 7 and 8): JSON to the API host, the bearer token
 * from local storage, a 30 s time-out. A non-OK answer rejects with an ApiError `{status, data}`;
 * a network failure or time-out rejects with status 500 and 'Network error. Please try again.'.
 * A 401 on an authenticated call means the session is over: storage is cleared and the app goes
 * to /login (the app installs how; see setUnauthorizedHandler).
 */
import type { z } from 'zod';
import { REQUEST_TIMEOUT_MS } from '../../shared/constants';
import type { Message } from '../../shared/message';
import { MSG } from '../../shared/messages';
import { i18n } from './i18n';
import { getToken } from './session';
import { clearAll } from './storage';

export class ApiError extends Error {
  readonly status: number;
  readonly data: unknown;

  constructor(status: number, data: unknown) {
    super(readField(data, 'error') ?? `Request failed with status ${status}`);
    this.name = 'ApiError';
    this.status = status;
    this.data = data;
  }
}

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;

/** The base address: VITE_API_BASE at build time, else the page's own origin. */
const API_BASE = (import.meta.env.VITE_API_BASE ?? '').replace(/\/+$/, '');

let onUnauthorized: () => void = () => {
  clearAll();
  window.location.assign('/login');
};

/** The app replaces the default full reload with a router navigation once the router exists. */
export function setUnauthorizedHandler(handler: () => void): void {
  onUnauthorized = handler;
}

type Query = Record<string, string | number | boolean | undefined>;

/**
 * A response schema, or a loader of one (`() => import(...).then(...)`). A loader keeps zod and the
 * schemas out of the JavaScript a page needs for its first paint; it starts with the request, so
 * the schemas arrive while the answer is on its way.
 */
type SchemaSource<T> = z.ZodType<T> | (() => Promise<z.ZodType<T>>);

export interface RequestOptions<T> {
  /** Send the bearer token and treat a 401 as the end of the session. Default true. */
  auth?: boolean;
  query?: Query;
  /** Checks the answer's shape; the result is typed from it. */
  schema?: SchemaSource<T>;
  signal?: AbortSignal;
  timeoutMs?: number;
  /** Extra request headers (e.g. Idempotency-Key on money-moving POSTs). */
  headers?: Record<string, string>;
}

interface Payload {
  json?: unknown;
  form?: FormData;
}

function readField(data: unknown, key: string): string | undefined {
  if (data === null || typeof data !== 'object') return undefined;
  const value = (data as Record<string, unknown>)[key];
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

function urlOf(path: string, query?: Query): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) if (value !== undefined) params.set(key, String(value));
  const search = params.toString();
  return `${API_BASE}${path}${search ? `?${search}` : ''}`;
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return null;
  if (!(response.headers.get('content-type') ?? '').includes('json')) return text;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

const networkError = () => new ApiError(500, { error: MSG.networkError });

/** Starts loading a lazy schema; a failed load (offline, chunk gone) resolves to null, never unhandled. */
function loadSchema<T>(schema: SchemaSource<T> | undefined): Promise<z.ZodType<T> | null> | undefined {
  if (schema === undefined) return undefined;
  if (typeof schema !== 'function') return Promise.resolve(schema);
  return schema().catch(() => null);
}

async function request<T>(method: string, path: string, payload: Payload, options: RequestOptions<T> = {}): Promise<T> {
  const { auth = true, query, signal, timeoutMs = REQUEST_TIMEOUT_MS } = options;
  const schemaLoad = loadSchema(options.schema);
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  // Read now, before any await: logout sends the old token and clears storage right after.
  const token = auth ? getToken() : null;
  if (token) headers.Authorization = `Bearer ${token}`;
  let body: BodyInit | undefined;
  if (payload.form) body = payload.form;
  else if (payload.json !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(payload.json);
  }

  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  const cancel = () => controller.abort();
  signal?.addEventListener('abort', cancel, { once: true });
  try {
    let response: Response;
    let data: unknown;
    try {
      response = await fetch(urlOf(path, query), { method, headers, body, signal: controller.signal });
      data = await readBody(response);
    } catch (error) {
      // The caller gave up (a query was cancelled): not a network failure, let it go quietly.
      if (signal?.aborted) throw error;
      throw networkError();
    }
    if (!response.ok) {
      if (response.status === 401 && auth) onUnauthorized();
      throw new ApiError(response.status, data);
    }
    if (!schemaLoad) return data as T;
    const schema = await schemaLoad;
    if (!schema) throw networkError();
    const parsed = schema.safeParse(data);
    if (!parsed.success) throw new ApiError(500, { error: MSG.somethingWentWrong });
    return parsed.data;
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', cancel);
  }
}

export const api = {
  get: <T = unknown>(path: string, options?: RequestOptions<T>) => request<T>('GET', path, {}, options),
  post: <T = unknown>(path: string, json?: unknown, options?: RequestOptions<T>) =>
    request<T>('POST', path, { json }, options),
  put: <T = unknown>(path: string, json?: unknown, options?: RequestOptions<T>) =>
    request<T>('PUT', path, { json }, options),
  patch: <T = unknown>(path: string, json?: unknown, options?: RequestOptions<T>) =>
    request<T>('PATCH', path, { json }, options),
  /** `json`: a body, for the few deletions that carry a proof (a passkey's: docs/decisions/0045). */
  delete: <T = unknown>(path: string, options?: RequestOptions<T> & { json?: unknown }) =>
    request<T>('DELETE', path, { json: options?.json }, options),
  /** multipart/form-data (image uploads); the browser sets the boundary header itself. */
  upload: <T = unknown>(path: string, form: FormData, options?: RequestOptions<T>) =>
    request<T>('POST', path, { form }, options),
};

/**
 * A refusal's message per field (`fields`), each with the code the server sent beside it in
 * `field_codes` (docs/decisions/0076-error-codes.md), ready for message(); undefined without fields.
 */
export function fieldMessages(error: unknown): Record<string, Message> | undefined {
  if (!isApiError(error) || error.data === null || typeof error.data !== 'object') return undefined;
  const { fields, field_codes: codes } = error.data as { fields?: unknown; field_codes?: unknown };
  if (fields === null || typeof fields !== 'object') return undefined;
  const coded = (codes !== null && typeof codes === 'object' ? codes : {}) as Record<string, Partial<Message>>;
  const messages: Record<string, Message> = {};
  for (const [name, text] of Object.entries(fields)) {
    if (typeof text !== 'string') continue;
    const { code, params } = coded[name] ?? {};
    messages[name] = {
      code: typeof code === 'string' ? code : '',
      text,
      ...(params !== null && typeof params === 'object' ? { params } : {}),
    };
  }
  return messages;
}

/**
 * The message to show for a failed call: the answer's `error` (or the given fields, in order), else
 * the screen's fallback from docs/product.md section 8. A network failure carries its own message.
 */
export function errorMessage(error: unknown, fallback: string, fields: readonly string[] = ['error']): string {
  if (!isApiError(error)) return i18n.message(fallback);
  for (const field of fields) {
    const value = readField(error.data, field);
    if (!value) continue;
    // The server's code for it (plugins/error-handler.ts), so the text is shown in the language picked.
    const code = field === 'error' ? readField(error.data, 'code') : undefined;
    const params = (error.data as { params?: unknown }).params;
    const plain = params !== null && typeof params === 'object' ? (params as Record<string, string>) : undefined;
    return i18n.message(value, code ? { code, ...(plain ? { params: plain } : {}) } : undefined);
  }
  return i18n.message(fallback);
}
