/**
 * Every error the server sends carries a stable code beside its English text (docs/decisions/0043-languages.md,
 * plugins/error-handler.ts): a validation error, a refusal and a not-found each name a text of the
 * shared message tables that, filled with its params, is exactly the English `error` (and each field's
 * message likewise in `field_codes`), so the web shows any of them in the language picked.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { englishMessages } from '../../src/web/locales/english-messages.js';
import { MSG } from '../../src/shared/messages.js';
import type { TestApp } from '../helpers/app.js';
import { appWithStaff } from '../helpers/money.js';
import { ADDRESSES } from '../helpers/addresses.js';
import { call, signUp, uniqueEmail, type TestUser } from '../helpers/users.js';

let t: TestApp;
let admin: TestUser;
beforeAll(async () => ({ t, admin } = await appWithStaff()));
afterAll(() => t.close());

interface Coded {
  code?: string;
  params?: Record<string, string>;
}

/** The English text a code names in the tables, with its params put back. */
function englishOf({ code, params }: Coded): string | undefined {
  const text = code === undefined ? undefined : englishMessages().get(code);
  return text?.replace(/\{\{(\w+)\}\}/g, (placeholder, name: string) => params?.[name] ?? placeholder);
}

describe('the codes of the error bodies', () => {
  it('a validation error: the code of its message, and each field with its own code', async () => {
    const res = await call(t, 'POST', '/api-v1/login/', { body: { email: 'not an email' } });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      error: 'Please enter a valid email address',
      code: 'server.invalidEmail',
      fields: { email: 'Please enter a valid email address', password: 'Password is required' },
      field_codes: { email: { code: 'server.invalidEmail' }, password: { code: 'auth.passwordRequired' } },
    });
    expect(englishOf(res.body)).toBe(res.body.error);
    for (const [field, coded] of Object.entries(res.body.field_codes as Record<string, Coded>))
      expect(englishOf(coded), field).toBe(res.body.fields[field]);
  });

  it('a refusal: the code of its text, with the arguments of a made text as params', async () => {
    const user = await signUp(t);
    const wrong = await call(t, 'POST', '/api-v1/login/', { body: { email: user.email, password: 'not the one' } });
    expect(wrong.status).toBe(401);
    expect(wrong.body).toEqual({ error: MSG.loginFailed, code: 'app.loginFailed' });
    expect(englishOf(wrong.body)).toBe(wrong.body.error);

    const email = uniqueEmail();
    expect((await call(t, 'POST', '/api-v1/signup-email-otp/', { body: { email } })).status).toBe(200);
    const again = await call(t, 'POST', '/api-v1/signup-email-otp/', { body: { email } });
    expect(again.status).toBe(429);
    const seconds = /^Please wait (\d+) seconds before requesting a new code$/.exec(again.body.error)?.[1];
    expect(seconds).toBeDefined();
    expect(again.body).toEqual({ error: again.body.error, code: 'auth.waitForNewCode', params: { p0: seconds } });
    expect(englishOf(again.body)).toBe(again.body.error);
  });

  it('a not-found: the code of its text, the method and path as params', async () => {
    const res = await call(t, 'GET', '/api-v1/no-such-thing/');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({
      error: 'No route GET /api-v1/no-such-thing/',
      code: 'server.noRoute',
      params: { p0: 'GET', p1: '/api-v1/no-such-thing/' },
    });
    expect(englishOf(res.body)).toBe(res.body.error);
  });

  // docs/decisions/0076-error-codes.md: the code comes with the message from where it is thrown.
  it('a message that picks its text (approved or cancelled) has the code of the text picked', async () => {
    const user = await signUp(t);
    const deposit = await call(t, 'POST', '/api-v1/recharge/', {
      token: user.token,
      body: { amount: '120', payment_address: ADDRESSES.TRC20 },
    });
    const verify = () =>
      call(
        t,
        'POST',
        `/api-v3/admin/transactions-verification/?transaction_id=${deposit.body.transaction.transaction_id}`,
        {
          token: admin.token,
          body: { action: 'approve' },
        },
      );
    expect((await verify()).status).toBe(200);
    const again = await verify();
    expect(again.status).toBe(409);
    expect(again.body).toEqual({
      error: 'This transaction has already been approved',
      code: 'wallet.decided.alreadyApproved',
    });
    expect(englishOf(again.body)).toBe(again.body.error);
  });

  it('a text two tables share has the code of the table it was thrown from', async () => {
    // 'Order not found' is both spot.orderNotFound and fiat.orderNotFound: a fiat order's answer is fiat's.
    const res = await call(t, 'POST', '/api-v3/admin/fiat-orders/999999999/', {
      token: admin.token,
      body: { action: 'cancel' },
    });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: 'Order not found', code: 'fiat.orderNotFound' });
    expect(englishOf(res.body)).toBe(res.body.error);
  });

  // docs/decisions/0076-error-codes.md "Schema messages": a zod issue carries its Message, nothing is recovered from text.
  it("a schema's field message made from its arguments has its code and params on the field path", async () => {
    const user = await signUp(t);
    const res = await call(t, 'POST', '/api-v1/recharge/', {
      token: user.token,
      body: { amount: '120', network: 'BTC', payment_address: ADDRESSES.TRC20 },
    });
    expect(res.status).toBe(400);
    expect(res.body.fields.network).toBe('USDT cannot be deposited on the BTC network. Please choose ERC20 or TRC20');
    expect(res.body.field_codes.network).toEqual({
      code: 'deposits.wrongNetwork',
      params: { p0: 'BTC', p1: 'USDT', p2: 'ERC20 or TRC20' },
    });
    expect(englishOf(res.body.field_codes.network)).toBe(res.body.fields.network);
  });

  it('a text two tables share has the code of its own table on the field path too', async () => {
    // 'limit must be a whole number from 1 to 200' is both spot.invalidLimit and trade.invalidLimit.
    const user = await signUp(t);
    const trade = await call(t, 'GET', '/api-v1/trade-history/?limit=0', { token: user.token });
    expect(trade.status).toBe(400);
    expect(trade.body.field_codes).toEqual({ limit: { code: 'trade.invalidLimit' } });
    expect(trade.body.code).toBe('trade.invalidLimit');
    const spot = await call(t, 'GET', '/api-v1/spot-orders/?limit=0', { token: user.token });
    expect(spot.status).toBe(400);
    expect(spot.body.field_codes).toEqual({ limit: { code: 'spot.invalidLimit' } });
    expect(englishOf(spot.body)).toBe(trade.body.error);
  });
});
