import { describe, expect, it } from 'vitest';
import { retryAfterMs, UpstreamBudget } from './budget.js';

const headers = (values: Record<string, string>) => ({ get: (name: string) => values[name] ?? null });

describe('the upstream weight budget', () => {
  it('reads Retry-After as seconds or as an HTTP date, and ignores anything else', () => {
    const now = Date.UTC(2025, 0, 1, 12, 0, 0);
    expect(retryAfterMs('120', now)).toBe(120_000);
    expect(retryAfterMs('Wed, 01 Jan 2025 12:00:30 GMT', now)).toBe(30_000);
    expect(retryAfterMs('Wed, 01 Jan 2025 11:00:00 GMT', now)).toBe(0);
    expect([retryAfterMs(null, now), retryAfterMs('', now), retryAfterMs('soon', now)]).toEqual([null, null, null]);
  });

  it('takes the exchange count from each answer, adds what it sends, and starts again each minute', () => {
    let clock = Date.UTC(2025, 0, 1, 12, 0, 10);
    const budget = new UpstreamBudget({ now: () => clock, limit: 1_000 });
    budget.spend(5);
    expect(budget.usedWeight()).toBe(5);
    budget.observe(200, headers({ 'x-mbx-used-weight-1m': '790' }));
    budget.spend(5);
    expect(budget.usedWeight()).toBe(795);
    // 80 % for depth and klines, 95 % for the tickers.
    expect([
      budget.allows(5, false),
      budget.allows(10, false),
      budget.allows(150, true),
      budget.allows(160, true),
    ]).toEqual([true, false, true, false]);
    clock = Date.UTC(2025, 0, 1, 12, 1, 0);
    expect(budget.usedWeight()).toBe(0);
    expect(budget.allows(10, false)).toBe(true);
  });

  it('backs off on 429 from initialMs and on 418 from bannedMs, doubling up to maxMs', () => {
    const clock = 1_000_000;
    const budget = new UpstreamBudget({
      now: () => clock,
      backoff: { initialMs: 1_000, bannedMs: 100_000, maxMs: 300_000 },
    });
    expect(budget.observe(418, headers({}))).toBe(100_000);
    expect(budget.observe(418, headers({}))).toBe(200_000);
    expect(budget.observe(418, headers({}))).toBe(300_000);
    expect(budget.allows(1, true)).toBe(false);
    expect(budget.blockedUntil).toBe(clock + 300_000);
    expect(budget.observe(200, headers({}))).toBeNull();
    expect(budget.observe(429, headers({}))).toBe(1_000);
  });
});
