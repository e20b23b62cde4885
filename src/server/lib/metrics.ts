/**
 * Prometheus metrics of one app (docs/decisions/0038-operations.md, docs/operations.md "Metrics and
 * alerts", docs/decisions/0038-operations.md): `GET /metrics` serves `registry`.
 *
 * One registry per app, never prom-client's global one: tests build many apps in one process, and
 * each must register its series once. What belongs to the process rather than to an app (the
 * default metrics: CPU, memory, event-loop lag, GC; the ledger's postings, counted where they are
 * written without an app at hand) lives in one process registry made once, and each app's registry
 * shows those same metric objects too.
 *
 * Labels never carry a user, an address, a token or a raw URL: routes are their registered
 * patterns (`/api-v1/trades/:id`), so ids neither leak nor explode the number of series.
 */
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import type pg from 'pg';

/** Seconds; from a cached read (1 ms) to a slow report (10 s). */
const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

let processRegistry: Registry | undefined;
let postings: Counter<'reason' | 'ref_type'> | undefined;

/** The process's metrics, made on first use (collectDefaultMetrics must run once per process). */
function processMetrics(): { registry: Registry; postings: Counter<'reason' | 'ref_type'> } {
  if (!processRegistry || !postings) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
    postings = new Counter({
      name: 'coinfront_ledger_postings_total',
      help: 'Balanced ledger postings written by this process, by reason and object type (a rolled-back one counts too)',
      labelNames: ['reason', 'ref_type'],
      registers: [processRegistry],
    });
  }
  return { registry: processRegistry, postings };
}

/** Called by the ledger for every posting it writes (modules/ledger/ledger.ts). */
export function countPosting(reason: string, refType: string): void {
  processMetrics().postings.labels(reason, refType).inc();
}

/** What the app's other parts report; read on scrape unless noted. */
export interface MetricSources {
  pool: pg.Pool;
  /** Open WebSocket connections, and frames pushed to / received from clients since start (lib/stream-hub.ts). */
  streams: { clientCount(): number; framesSent(): number; framesReceived(): number };
  /** Seconds since the newest price of each market source (modules/market feedAges). */
  feedAges(): { source: string; ageSeconds: number; staleSymbols: number }[];
}

/** The per-process delta of an ever-growing number, for a counter fed on scrape. */
const deltaOf = () => {
  let last = 0;
  return (now: number) => {
    const delta = Math.max(0, now - last);
    last = now;
    return delta;
  };
};

export class AppMetrics {
  readonly registry = new Registry();
  /** Reads the text GET /metrics serves: this registry, or the whole cluster's (gatherFrom). */
  private read: () => Promise<string> = () => this.registry.metrics();
  private readonly latency: Histogram<'route' | 'method'>;
  private readonly requests: Counter<'route' | 'method' | 'status'>;
  private readonly limited: Counter<'route'>;
  readonly riskPass: Histogram<'acting'>;
  readonly poolWait: Histogram;
  /** Custody's reconciliation (docs/decisions/0065): on-chain reserves minus customer liabilities; below 0 alerts. */
  readonly reservesMinusLiabilities: Gauge<'currency' | 'network'>;
  private sources: MetricSources | undefined;

  constructor() {
    const registers = [this.registry];
    // getMetricsAsArray gives the metric objects themselves (its declared type is narrower).
    for (const metric of processMetrics().registry.getMetricsAsArray())
      this.registry.registerMetric(metric as unknown as Counter);
    this.latency = new Histogram({
      name: 'coinfront_http_request_duration_seconds',
      help: 'Time to answer a request, by route pattern and method',
      labelNames: ['route', 'method'],
      buckets: LATENCY_BUCKETS,
      registers,
    });
    this.requests = new Counter({
      name: 'coinfront_http_requests_total',
      help: 'Answered requests by route pattern, method and status code',
      labelNames: ['route', 'method', 'status'],
      registers,
    });
    this.limited = new Counter({
      name: 'coinfront_http_rate_limited_total',
      help: 'Requests refused with 429 (a rate limit or lockout), by route pattern',
      labelNames: ['route'],
      registers,
    });
    this.riskPass = new Histogram({
      name: 'coinfront_risk_pass_duration_seconds',
      help: 'Duration of a risk-engine pass (limit fills, liquidations, take-profit and stop-loss); acting="false": a follower walking its marks',
      labelNames: ['acting'],
      buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
      registers,
    });
    this.poolWait = new Histogram({
      name: 'coinfront_db_pool_wait_seconds',
      help: 'Time a query or transaction waited for a connection of the pool',
      buckets: [0.0005, 0.001, 0.005, 0.01, 0.05, 0.1, 0.5, 1, 5, 10],
      registers,
    });
    this.reservesMinusLiabilities = new Gauge({
      name: 'coinfront_custody_reserves_minus_liabilities',
      help: "On-chain reserves (hot wallet and unswept deposit addresses) minus the customers' ledger balances, by currency and network",
      labelNames: ['currency', 'network'],
      // With workers, each reconciles the same chain: the lowest reading is the one to alert on.
      aggregator: 'min',
      registers,
    });
    const read = <T>(pick: (s: MetricSources) => T, fallback: T) => (this.sources ? pick(this.sources) : fallback);
    const poolGauge = (name: string, help: string, pick: (pool: pg.Pool) => number) =>
      new Gauge({
        name,
        help,
        registers,
        collect() {
          this.set(read((s) => pick(s.pool), 0));
        },
      });
    poolGauge('coinfront_db_pool_connections', 'Connections the pool holds (busy and idle)', (p) => p.totalCount);
    poolGauge('coinfront_db_pool_idle_connections', 'Idle connections of the pool', (p) => p.idleCount);
    poolGauge('coinfront_db_pool_waiting', 'Requests waiting for a connection of the pool', (p) => p.waitingCount);
    new Gauge({
      name: 'coinfront_db_pool_max_connections',
      help: 'Most connections the pool may open',
      registers,
      collect() {
        this.set(read((s) => s.pool.options.max ?? 10, 0));
      },
    });
    new Gauge({
      name: 'coinfront_websocket_clients',
      help: 'Open WebSocket connections (/ws, /stream)',
      registers,
      collect() {
        this.set(read((s) => s.streams.clientCount(), 0));
      },
    });
    const sent = deltaOf();
    const received = deltaOf();
    new Counter({
      name: 'coinfront_websocket_frames_total',
      help: 'WebSocket frames pushed to clients (out) and received from them (in)',
      labelNames: ['direction'],
      registers,
      collect() {
        this.labels('out').inc(sent(read((s) => s.streams.framesSent(), 0)));
        this.labels('in').inc(received(read((s) => s.streams.framesReceived(), 0)));
      },
    });
    new Gauge({
      name: 'coinfront_market_feed_age_seconds',
      help: 'Seconds since the newest price of the market source',
      labelNames: ['source'],
      // With workers (lib/cluster-metrics.ts), each has its own feed: the oldest is the one to alert on.
      aggregator: 'max',
      registers,
      collect() {
        for (const feed of read((s) => s.feedAges(), [])) this.labels(feed.source).set(feed.ageSeconds);
      },
    });
    new Gauge({
      name: 'coinfront_market_stale_symbols',
      help: 'Symbols of the market source whose price is stale (not trusted for trading)',
      labelNames: ['source'],
      aggregator: 'max',
      registers,
      collect() {
        for (const feed of read((s) => s.feedAges(), [])) this.labels(feed.source).set(feed.staleSymbols);
      },
    });
  }

  /** The text of a scrape (rejects when a cluster's metrics cannot be gathered). */
  text(): Promise<string> {
    return this.read();
  }

  /** In a cluster worker: scrapes answer every worker's metrics, read by `reader` (lib/cluster-metrics.ts). */
  gatherFrom(reader: () => Promise<string>): void {
    this.read = reader;
  }

  /** Connects the scrape-time readings (the context is built after its metrics). */
  observe(sources: MetricSources): void {
    this.sources = sources;
    measurePoolWait(sources.pool, this.poolWait);
  }

  /**
   * Times every route's answers: an onResponse hook per route, holding that route's label children,
   * so a request costs a map lookup and one observe (no label objects, no strings per request).
   * Requests no route matched are counted under route "unmatched". Call before routes are added.
   */
  instrument(app: FastifyInstance): void {
    const record = this.recorder('unmatched');
    app.addHook('onRoute', (route: RouteOptions) => {
      const recordRoute = this.recorder(route.url);
      // Callback style: no promise per request.
      const hook = (request: FastifyRequest, reply: FastifyReply, done: () => void) => {
        recordRoute(request, reply);
        done();
      };
      const existing = route.onResponse;
      route.onResponse =
        existing === undefined ? [hook] : Array.isArray(existing) ? [...existing, hook] : [existing, hook];
    });
    app.addHook('onResponse', (request, reply, done) => {
      if (request.is404) record(request, reply);
      done();
    });
  }

  private recorder(route: string) {
    const latency = new Map<string, Histogram.Internal<'route' | 'method'>>();
    const statuses = new Map<string, Counter.Internal>();
    const limited = this.limited.labels(route);
    const record = (request: FastifyRequest, reply: FastifyReply) => {
      const method = request.method;
      let histogram = latency.get(method);
      if (!histogram) {
        histogram = this.latency.labels(route, method);
        latency.set(method, histogram);
      }
      histogram.observe(reply.elapsedTime / 1000);
      const status = reply.statusCode;
      const key = method + status; // interned by V8 for the few methods and statuses seen
      let counter = statuses.get(key);
      if (!counter) {
        counter = this.requests.labels(route, method, String(status));
        statuses.set(key, counter);
      }
      counter.inc();
      if (status === 429) limited.inc();
    };
    return record;
  }
}

const measured = new WeakSet<pg.Pool>();

/**
 * The pool's wait for a connection, timed around pg.Pool#connect (which pool.query uses too): an
 * hrtime read before and one in the callback. A pool is wrapped once (the first app that sees it).
 */
function measurePoolWait(pool: pg.Pool, histogram: Histogram): void {
  if (measured.has(pool)) return;
  measured.add(pool);
  const connect = pool.connect.bind(pool) as (
    cb: (err: Error | undefined, client: unknown, done: unknown) => void,
  ) => void;
  const timed = (callback?: (err: Error | undefined, client: unknown, done: unknown) => void) => {
    const start = process.hrtime.bigint();
    const observe = () => histogram.observe(Number(process.hrtime.bigint() - start) / 1e9);
    if (callback) {
      connect((err, client, done) => {
        observe();
        callback(err, client, done);
      });
      return undefined;
    }
    return new Promise((resolve, reject) => {
      connect((err, client) => {
        observe();
        if (err) reject(err);
        else resolve(client);
      });
    });
  };
  (pool as unknown as { connect: typeof timed }).connect = timed;
}
