import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { REQUEST_TIMEOUT_MS } from '../../shared/constants';
import { MSG } from '../../shared/messages';
import { ApiError, api, errorMessage, setUnauthorizedHandler } from './api';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json; charset=utf-8' } });

let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>;
let unauthorized: ReturnType<typeof vi.fn<() => void>>;

beforeEach(() => {
  fetchMock = vi.fn<typeof fetch>();
  vi.stubGlobal('fetch', fetchMock);
  unauthorized = vi.fn<() => void>();
  setUnauthorizedHandler(unauthorized);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const rejectionOf = async (promise: Promise<unknown>) => {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected the call to fail');
};

describe('requests', () => {
  it('sends JSON with the bearer token from local storage', async () => {
    localStorage.setItem('token', 'tok.en.1');
    fetchMock.mockResolvedValue(json(200, { message: 'ok' }));
    await expect(api.post('/api-v1/recharge/', { amount: '50' })).resolves.toEqual({ message: 'ok' });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api-v1/recharge/');
    expect(init).toMatchObject({ method: 'POST', body: '{"amount":"50"}' });
    expect(init?.headers).toMatchObject({ Authorization: 'Bearer tok.en.1', 'Content-Type': 'application/json' });
  });

  it('leaves the token off public calls and adds query parameters', async () => {
    localStorage.setItem('token', 'tok.en.1');
    fetchMock.mockResolvedValue(json(200, []));
    await api.get('/api-v1/transcations-history/', { auth: false, query: { status: 'pending', page: undefined } });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api-v1/transcations-history/?status=pending');
    expect(init?.headers).not.toHaveProperty('Authorization');
  });

  it('adds the headers a caller gives (an Idempotency-Key) to the standard ones', async () => {
    localStorage.setItem('token', 'tok.en.1');
    fetchMock.mockResolvedValue(json(201, { message: 'ok' }));
    await api.post('/api-v1/withdraw/', {}, { headers: { 'Idempotency-Key': 'key-1' } });
    expect(fetchMock.mock.calls[0]![1]?.headers).toMatchObject({
      'Idempotency-Key': 'key-1',
      Authorization: 'Bearer tok.en.1',
      'Content-Type': 'application/json',
    });
  });

  it('sends FormData as multipart, letting the browser set the boundary', async () => {
    fetchMock.mockResolvedValue(json(201, { message: 'ok' }));
    const form = new FormData();
    form.set('full_name', 'Ada');
    await api.upload('/api-v1/documents-verification/', form);
    const init = fetchMock.mock.calls[0]![1]!;
    expect(init.body).toBe(form);
    expect(init.headers).not.toHaveProperty('Content-Type');
  });

  it('checks the answer against a schema when given one', async () => {
    fetchMock.mockResolvedValue(json(200, { access: 42 }));
    const error = await rejectionOf(api.post('/api-v1/login/', {}, { schema: z.object({ access: z.string() }) }));
    expect(error).toMatchObject({ status: 500, data: { error: MSG.somethingWentWrong } });
  });

  it('checks the answer against a schema loaded on demand, loading it while the request is out', async () => {
    const schema = z.object({ access: z.string() });
    const order: string[] = [];
    fetchMock.mockImplementation(() => {
      order.push('fetch');
      return Promise.resolve(json(200, { access: 42 }));
    });
    const load = () => {
      order.push('load');
      return Promise.resolve(schema);
    };
    const error = await rejectionOf(api.post('/api-v1/login/', {}, { schema: load }));
    expect(error).toMatchObject({ status: 500, data: { error: MSG.somethingWentWrong } });
    expect(order).toEqual(['load', 'fetch']);
    fetchMock.mockResolvedValue(json(200, { access: 'tok' }));
    await expect(api.post('/api-v1/login/', {}, { schema: load })).resolves.toEqual({ access: 'tok' });
  });

  it('fails like the network when the schema cannot be loaded', async () => {
    fetchMock.mockResolvedValue(json(200, { access: 'tok' }));
    const load = () => Promise.reject<z.ZodType<{ access: string }>>(new Error('chunk failed'));
    const error = await rejectionOf(api.post('/api-v1/login/', {}, { schema: load }));
    expect(error).toMatchObject({ status: 500, data: { error: MSG.networkError } });
  });
});

describe('failures (docs/product.md section 8)', () => {
  it('rejects a non-OK answer with its status and data', async () => {
    fetchMock.mockResolvedValue(
      json(400, { error: 'Amount must be a number', fields: { amount: 'Amount must be a number' } }),
    );
    const error = await rejectionOf(api.post('/api-v1/transfer-to-wallet/', {}));
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, data: { error: 'Amount must be a number' } });
  });

  it('keeps a non-JSON error body as text', async () => {
    fetchMock.mockResolvedValue(
      new Response('<html>Bad gateway</html>', { status: 502, headers: { 'content-type': 'text/html' } }),
    );
    expect(await rejectionOf(api.get('/api-v1/info/'))).toMatchObject({
      status: 502,
      data: '<html>Bad gateway</html>',
    });
  });

  it('turns a network failure into status 500 with the network message', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    expect(await rejectionOf(api.get('/api-v1/info/'))).toMatchObject({
      status: 500,
      data: { error: MSG.networkError },
    });
  });

  it('gives up after 30 seconds as a network failure', async () => {
    vi.useFakeTimers();
    let aborted = false;
    fetchMock.mockImplementation(
      (_url, init) =>
        new Promise((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () => {
            aborted = true;
            reject(new DOMException('The operation was aborted.', 'AbortError'));
          });
        }),
    );
    const pending = rejectionOf(api.get('/api-v1/info/'));
    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS - 1);
    expect(aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(aborted).toBe(true);
    expect(await pending).toMatchObject({ status: 500, data: { error: MSG.networkError } });
  });

  it('lets a caller cancel without calling it a network failure', async () => {
    fetchMock.mockImplementation(
      (_url, init) =>
        new Promise((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    const controller = new AbortController();
    const pending = rejectionOf(api.get('/api-v1/info/', { signal: controller.signal }));
    controller.abort();
    const error = await pending;
    expect(error).not.toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ name: 'AbortError' });
  });
});

describe('a 401', () => {
  it('on an authenticated call ends the session through the installed handler', async () => {
    fetchMock.mockResolvedValue(json(401, { error: 'Please log in' }));
    expect(await rejectionOf(api.get('/api-v1/info/'))).toMatchObject({ status: 401 });
    expect(unauthorized).toHaveBeenCalledOnce();
  });

  it('on a public call (a wrong login password) is only an answer', async () => {
    fetchMock.mockResolvedValue(json(401, { error: MSG.loginFailed }));
    expect(await rejectionOf(api.post('/api-v1/login/', {}, { auth: false }))).toMatchObject({ status: 401 });
    expect(unauthorized).not.toHaveBeenCalled();
  });

  it('by default clears local storage and goes to /login', async () => {
    vi.resetModules();
    const fresh = await import('./api');
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    localStorage.setItem('token', 'old');
    localStorage.setItem('user', '{}');
    fetchMock.mockResolvedValue(json(401, { error: 'Please log in' }));
    await rejectionOf(fresh.api.get('/api-v1/info/'));
    expect(localStorage.length).toBe(0);
    expect(assign).toHaveBeenCalledWith('/login');
  });
});

describe('the message to show', () => {
  const failed = (status: number, data: unknown) => new ApiError(status, data);

  it("is the server's error, else the screen's fallback", () => {
    expect(errorMessage(failed(400, { error: 'Invalid or expired OTP' }), MSG.signupFailed)).toBe(
      'Invalid or expired OTP',
    );
    expect(errorMessage(failed(500, { error: '' }), MSG.signupFailed)).toBe(MSG.signupFailed);
    expect(errorMessage(failed(502, '<html>'), MSG.transferFailed)).toBe(MSG.transferFailed);
    expect(errorMessage(new Error('boom'), MSG.depositFailed)).toBe(MSG.depositFailed);
  });

  it('reads other fields in the order a screen asks (withdrawal: error, then detail)', () => {
    const fields = ['error', 'detail'];
    expect(errorMessage(failed(400, { detail: 'Address invalid' }), MSG.withdrawalFailed, fields)).toBe(
      'Address invalid',
    );
    expect(errorMessage(failed(400, { error: 'Too low', detail: 'x' }), MSG.withdrawalFailed, fields)).toBe('Too low');
  });

  it('is the network message after a network failure', () => {
    expect(errorMessage(failed(500, { error: MSG.networkError }), MSG.loginFailed)).toBe(MSG.networkError);
  });
});
