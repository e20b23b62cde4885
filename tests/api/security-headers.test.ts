import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { call, signUp } from '../helpers/users.js';

describe('security headers (computed once, sent on every reply)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('puts the content security policy and helmet headers on public, authenticated and error replies', async () => {
    const user = await signUp(t);
    const replies = [
      await call(t, 'GET', '/api/v3/ticker/24hr?symbol=BTCUSDT'),
      await call(t, 'GET', '/api-v1/funding-wallet-list/', { token: user.token }),
      await call(t, 'GET', '/api-v1/funding-wallet-list/'),
      await call(t, 'GET', '/api-v1/no-such-route/'),
    ];
    expect(replies.map((r) => r.status)).toEqual([200, 200, 401, 404]);
    for (const reply of replies) {
      expect(reply.headers['content-security-policy']).toContain("default-src 'self'");
      expect(reply.headers['content-security-policy']).toContain("frame-ancestors 'none'");
      expect(reply.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(reply.headers['x-content-type-options']).toBe('nosniff');
      expect(reply.headers['strict-transport-security']).toBeUndefined();
    }
  });
});
