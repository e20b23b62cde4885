/**
 * The real app on a fresh database, for API tests through `inject`. Fakes only at the seams:
 * mail (an in-memory mailbox), clock (adjustable), market (whatever the test passes).
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { buildApp } from '../../src/server/app.js';
import { createContext } from '../../src/server/bootstrap.js';
import { loadConfig, type Config } from '../../src/server/config.js';
import { MIN_PASSWORD_HASH_COST } from '../../src/server/lib/passwords.js';
import type { AppContext } from '../../src/server/context.js';
import { connect } from '../../src/server/db/database.js';
import type { MarketService } from '../../src/server/modules/market/types.js';
import { createTestDatabase, type TestDatabase } from './database.js';
import { createMailbox, type Mailbox } from './mailbox.js';

export interface TestClock {
  now(): Date;
  /** Move time forward by `ms`. */
  advance(ms: number): void;
}

function createTestClock(start = Date.now()): TestClock {
  let offset = start - Date.now();
  return {
    now: () => new Date(Date.now() + offset),
    advance: (ms) => {
      offset += ms;
    },
  };
}

export interface TestAppOptions {
  config?: Partial<Config>;
  /** 'free' (default): no trading fee and no maintenance margin; 'default': the production rates. */
  tradingRates?: 'free' | 'default';
  env?: NodeJS.ProcessEnv;
  market?: MarketService;
  /** Serve the built web app (browser tests). */
  web?: boolean;
  /** The app's logger (silent unless given; tests/helpers/log.ts captures lines). */
  log?: pino.Logger;
  /**
   * A database of the test's own (migrated already), e.g. an embedded cluster it kills, instead of
   * a fresh clone on the shared test server. Its pool is ended on close; the database is kept.
   */
  databaseUrl?: string;
  /** Its supervisor's state, for /readyz (RunningDatabase.status). */
  databaseStatus?: () => string | undefined;
}

export interface RegisteredRoute {
  method: string;
  url: string;
  websocket: boolean;
  /** The route's request schemas (zod), as declared. */
  schema: { body?: unknown; querystring?: unknown; params?: unknown; consumes?: string[] };
}

/** No trading fee, liquidation when equity reaches zero: the rules before the house's books. */
const FREE_TRADING = { feeRate: '0', maintenanceRate: '0' } as const;

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;

/**
 * The app's context on a fresh database, as createTestApp builds it, without the HTTP server: what
 * the service-layer tests call (tests/helpers/services.ts; docs/architecture.md section 9 "Test layers").
 */
export async function createTestContext(options: TestAppOptions = {}) {
  const database: TestDatabase = options.databaseUrl ? ownDatabase(options.databaseUrl) : await createTestDatabase();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'coinfront-app-'));
  const config = loadConfig(
    // Trade jobs and mail retries run only when a test asks (TRADE_JOB_INTERVAL_MS, MAIL_RETRY_INTERVAL_MS)
    // or calls runTradeJobsOnce or retryNotificationMails itself.
    {
      LOG_LEVEL: 'silent',
      AUTH_RATE_LIMIT: '1000',
      CHAT_RATE_LIMIT: '1000',
      UPLOAD_RATE_LIMIT: '1000',
      TRADE_RATE_LIMIT: '1000',
      MARKET_SEED: 'test',
      TRADE_JOB_INTERVAL_MS: '0',
      MAIL_RETRY_INTERVAL_MS: '0',
      CUSTODY_POLL_INTERVAL_MS: '0',
      // The cheapest password hash: production's cost is pinned by tests/api/auth.test.ts.
      PASSWORD_HASH_COST: String(MIN_PASSWORD_HASH_COST),
      ...options.env,
    },
    {
      dataDir,
      jwtSecret: new TextEncoder().encode(randomBytes(32).toString('hex')),
      webDir: options.web ? path.resolve('dist/web') : path.join(dataDir, 'no-web'),
      // Trading without fees or maintenance margin keeps the arithmetic of the older trade tests
      // readable (margin in, margin + P/L out); tests of fees and liquidation ask for the real rates.
      ...(options.tradingRates === 'default' ? {} : { trading: FREE_TRADING }),
      // No bonuses unless a test asks (config bonusesDefault: true), so a funded wallet holds what was deposited.
      bonusesDefault: false,
      ...options.config,
    },
  );
  const mailbox: Mailbox = createMailbox();
  const clock = createTestClock();
  const ctx: AppContext = createContext(config, database.db, {
    mailer: mailbox,
    clock,
    log: options.log ?? pino({ level: 'silent' }),
    ...(options.databaseStatus ? { databaseStatus: options.databaseStatus } : {}),
    ...(options.market ? { market: options.market } : {}),
  });
  await ctx.market.start();
  return { ctx, database, mailbox, clock, config };
}

export async function createTestApp(options: TestAppOptions = {}) {
  const { ctx, database, mailbox, clock, config } = await createTestContext(options);
  const routes: RegisteredRoute[] = [];
  const app = await buildApp(ctx, [], {
    onRoute: (route) => {
      const websocket = Boolean((route as { websocket?: boolean }).websocket);
      const schema = (route.schema ?? {}) as RegisteredRoute['schema'];
      for (const method of [route.method].flat()) routes.push({ method, url: route.url, websocket, schema });
    },
  });
  await app.ready();
  return {
    app,
    ctx,
    db: database.db,
    /** The same database's URL, for a second server instance (anotherInstance). */
    databaseUrl: database.url,
    mailbox,
    clock,
    config,
    /** Every route the app registered, in order (HEAD twins of GET routes included). */
    routes,
    async close() {
      await app.close();
      await ctx.market.stop();
      await database.drop();
    },
  };
}

function ownDatabase(url: string): TestDatabase {
  const db = connect(url);
  return {
    db,
    url,
    async drop() {
      // As createTestDatabase's drop: a pool with a client still checked out after its connection
      // was killed never ends; say so instead of hanging the file.
      const timeout = new Promise<'timeout'>((resolve) => setTimeout(() => resolve('timeout'), 10_000).unref());
      if ((await Promise.race([db.$client.end(), timeout])) === 'timeout')
        console.warn(`test database ${url.replace(/:[^:@]*@/, ':***@')}: the pool did not end in 10 s`);
    },
  };
}

/**
 * A second server on the same database and secrets, as behind a load balancer: what one instance
 * changes, the other must see. Close it before the first.
 */
export async function anotherInstance(
  t: TestApp,
  options: { config?: Partial<Config>; market?: MarketService; log?: pino.Logger } = {},
) {
  const db = connect(t.databaseUrl, 5);
  const ctx = createContext({ ...t.config, ...options.config }, db, {
    mailer: t.mailbox,
    clock: t.clock,
    log: options.log ?? pino({ level: 'silent' }),
    ...(options.market ? { market: options.market } : {}),
  });
  await ctx.market.start();
  const app = await buildApp(ctx);
  await app.ready();
  return {
    app,
    ctx,
    async close() {
      await app.close();
      await ctx.market.stop();
      await db.$client.end();
    },
  };
}
