/**
 * GET /metrics (docs/decisions/0038-operations.md, docs/operations.md "Metrics and alerts",
 * docs/decisions/0038-operations.md): after real requests, a deposit, a trade, a risk pass and a
 * WebSocket subscription, each series an operator watches is there with a sane value; routes are
 * their patterns; no user id, email or token is in the page; METRICS_TOKEN is enforced.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runTradeJobsOnce } from '../../src/server/modules/trades/jobs.js';
import { METRICS_MSG } from '../../src/shared/messages.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { fundWallet, staff } from '../helpers/money.js';
import { createFakeMarket } from '../helpers/fake-market.js';
import { leverTrader, openedTradeId } from '../helpers/trades.js';
import { call, signUp, type TestUser } from '../helpers/users.js';
import { connectWs } from '../helpers/ws.js';

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** The text format's samples (comments skipped); label values unescaped enough for these tests. */
function parse(text: string): Sample[] {
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith('#')) continue;
    const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match) throw new Error(`not a sample line: ${line}`);
    const labels: Record<string, string> = {};
    for (const [, key, value] of (match[2] ?? '').matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g))
      labels[key!] = value!;
    samples.push({ name: match[1]!, labels, value: Number(match[3]) });
  }
  return samples;
}

const find = (samples: Sample[], name: string, labels: Record<string, string> = {}) =>
  samples.filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v));

const total = (samples: Sample[], name: string, labels: Record<string, string> = {}) =>
  find(samples, name, labels).reduce((sum, s) => sum + s.value, 0);

async function scrape(t: TestApp, headers: Record<string, string> = {}) {
  const response = await t.app.inject({ method: 'GET', url: '/metrics', headers });
  return { status: response.statusCode, text: response.body, type: response.headers['content-type'] };
}

describe('GET /metrics without METRICS_TOKEN', () => {
  let t: TestApp;
  let user: TestUser;
  let samples: Sample[];
  let text: string;
  let tradeId: number;
  let pricesSetAt: number;

  beforeAll(async () => {
    pricesSetAt = Date.now();
    t = await createTestApp({ market: createFakeMarket() });
    user = await leverTrader(t);
    // Two sign-ups through HTTP, the route timed below (the trader and staff are made as rows).
    await signUp(t);
    await signUp(t);
    await fundWallet(t, user, '100'); // a deposit, approved by staff
    tradeId = await openedTradeId(t, user, { hands: '0.01' });
    await runTradeJobsOnce(t.ctx);
    // A route with the user's id in its URL (no identity submitted: 404): counted under its pattern only.
    const admin = await staff(t);
    const verification = await call(t, 'GET', `/api-v3/admin/user-verifications/${user.id}/`, { token: admin.token });
    expect(verification.status).toBe(404);
    expect((await call(t, 'GET', '/api-v1/no-such-route/')).status).toBe(404);
    const ws = await connectWs(t);
    ws.send({ method: 'SUBSCRIBE', params: ['btcusdt@ticker'], id: 1 });
    await ws.next((frame) => frame.e === '24hrTicker');
    const scraped = await scrape(t);
    expect(scraped.status).toBe(200);
    expect(scraped.type).toMatch(/^text\/plain; version=0\.0\.4/);
    text = scraped.text;
    samples = parse(text);
    ws.ws.terminate();
  });
  afterAll(() => t?.close());

  it('times requests per route pattern and method, and counts them by status', () => {
    // The two sign-ups of beforeAll.
    const signup = { route: '/api-v1/signup/', method: 'POST' };
    expect(total(samples, 'coinfront_http_request_duration_seconds_count', signup)).toBe(2);
    const sum = total(samples, 'coinfront_http_request_duration_seconds_sum', signup);
    expect(sum).toBeGreaterThan(0);
    expect(sum).toBeLessThan(60);
    expect(total(samples, 'coinfront_http_requests_total', { ...signup, status: '201' })).toBe(2);
    expect(
      total(samples, 'coinfront_http_requests_total', {
        route: '/api-v3/admin/user-verifications/:user_id/',
        method: 'GET',
        status: '404',
      }),
    ).toBe(1);
    expect(total(samples, 'coinfront_http_requests_total', { route: 'unmatched', status: '404' })).toBe(1);
  });

  it('reports event-loop lag, the pool, ledger postings, the risk pass, the feed and the WebSockets', () => {
    expect(find(samples, 'nodejs_eventloop_lag_seconds')).toHaveLength(1);
    expect(total(samples, 'coinfront_db_pool_connections')).toBeGreaterThanOrEqual(1);
    expect(total(samples, 'coinfront_db_pool_max_connections')).toBe(20);
    expect(find(samples, 'coinfront_db_pool_waiting')).toEqual([expect.objectContaining({ value: 0 })]);
    expect(total(samples, 'coinfront_db_pool_wait_seconds_count')).toBeGreaterThan(10);
    expect(total(samples, 'coinfront_ledger_postings_total', { reason: 'deposit' })).toBeGreaterThanOrEqual(1);
    expect(total(samples, 'coinfront_ledger_postings_total', { ref_type: 'trade' })).toBeGreaterThanOrEqual(1);
    expect(total(samples, 'coinfront_risk_pass_duration_seconds_count', { acting: 'true' })).toBe(1);
    const age = find(samples, 'coinfront_market_feed_age_seconds', { source: 'sim' });
    expect(age).toHaveLength(1);
    expect(age[0]!.value).toBeGreaterThanOrEqual(0);
    // The fake market's prices were set once, when the file started.
    expect(age[0]!.value).toBeLessThanOrEqual((Date.now() - pricesSetAt) / 1000);
    expect(total(samples, 'coinfront_websocket_clients')).toBe(1);
    expect(total(samples, 'coinfront_websocket_frames_total', { direction: 'in' })).toBe(1);
    expect(total(samples, 'coinfront_websocket_frames_total', { direction: 'out' })).toBeGreaterThanOrEqual(1);
  });

  it('has every series the Grafana dashboard (docs/grafana-dashboard.json) plots', () => {
    const dashboard = readFileSync('docs/grafana-dashboard.json', 'utf8');
    const used = new Set(dashboard.match(/\b(?:coinfront|nodejs)_[a-z0-9_]+/g));
    expect(used.size).toBeGreaterThan(10);
    // Declared series (a labelled counter with no child yet, e.g. no 429 so far, has no sample line).
    const declared = new Set([...text.matchAll(/^# TYPE (\S+)/gm)].map((m) => m[1]));
    for (const name of used) expect(declared, name).toContain(name.replace(/_(bucket|count|sum)$/, ''));
  });

  it('names no user: no id, email or token, no raw URL', () => {
    expect(text).not.toContain(user.email);
    expect(text).not.toContain(user.email.split('@')[0]);
    expect(text).not.toContain(user.token);
    expect(text).not.toContain(`/user-verifications/${user.id}/`);
    // Bucket bounds (le) are numbers by nature; every other label value is a name.
    const labelValues = samples.flatMap((s) =>
      Object.entries(s.labels)
        .filter(([k]) => k !== 'le')
        .map(([, v]) => v),
    );
    for (const id of [String(user.id), String(tradeId)]) expect(labelValues).not.toContain(id);
    const labelNames = new Set(samples.flatMap((s) => Object.keys(s.labels)));
    for (const name of labelNames) expect(name).not.toMatch(/user|email|token|address|ip/i);
  });

  it('is served to this machine only, not through a proxy', async () => {
    const proxied = await scrape(t, { 'x-forwarded-for': '203.0.113.7' });
    expect(proxied.status).toBe(403);
    expect(JSON.parse(proxied.text)).toEqual({ error: METRICS_MSG.loopbackOnly, code: 'metrics.loopbackOnly' });
    const remote = await t.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '203.0.113.7' });
    expect(remote.statusCode).toBe(403);
  });

  it("answers 503 when a cluster's metrics cannot be gathered, never one worker's alone", async () => {
    // As a worker whose primary did not answer (lib/cluster-metrics.ts; tests/api/workers.test.ts gathers for real).
    t.ctx.metrics.gatherFrom(() => Promise.reject(new Error('cluster metrics: the primary did not answer')));
    try {
      const response = await t.app.inject({ method: 'GET', url: '/metrics' });
      expect(response.statusCode).toBe(503);
      expect(response.headers['retry-after']).toBe('5');
      expect(response.json()).toEqual({ error: METRICS_MSG.workersUnavailable, code: 'metrics.workersUnavailable' });
    } finally {
      t.ctx.metrics.gatherFrom(() => t.ctx.metrics.registry.metrics());
    }
  });
});

describe('GET /metrics with METRICS_TOKEN', () => {
  const token = 'metrics-token-0123456789abcdef';
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { METRICS_TOKEN: token, AUTH_RATE_LIMIT: '2' } });
  });
  afterAll(() => t?.close());

  it('asks for the bearer token, from any address', async () => {
    for (const headers of <Record<string, string>[]>[
      {},
      { authorization: `Bearer ${token}x` },
      { authorization: `Bearer ${token.slice(0, -1)}` },
      { authorization: token },
      { authorization: `Basic ${token}` },
    ]) {
      const refused = await scrape(t, headers);
      expect(refused.status, JSON.stringify(headers)).toBe(401);
      expect(JSON.parse(refused.text)).toEqual({ error: METRICS_MSG.tokenRequired, code: 'metrics.tokenRequired' });
    }
    const user = await signUp(t);
    expect((await scrape(t, { authorization: `Bearer ${user.token}` })).status).toBe(401);
    const remote = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      remoteAddress: '203.0.113.7',
      headers: { authorization: `Bearer ${token}`, 'x-forwarded-for': '198.51.100.1' },
    });
    expect(remote.statusCode).toBe(200);
    expect(remote.body).toContain('coinfront_http_requests_total');
  });

  it('counts rate-limit refusals by route', async () => {
    const body = { email: 'nobody@example.com', password: 'wrong password 1' };
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await call(t, 'POST', '/api-v1/login/', { body })).status);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(1);
    const samples = parse((await scrape(t, { authorization: `Bearer ${token}` })).text);
    expect(total(samples, 'coinfront_http_rate_limited_total', { route: '/api-v1/login/' })).toBe(
      statuses.filter((s) => s === 429).length,
    );
    expect(total(samples, 'coinfront_http_requests_total', { route: '/api-v1/login/', status: '429' })).toBe(
      statuses.filter((s) => s === 429).length,
    );
  });
});
