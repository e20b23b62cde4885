/** Wires a context from configuration and a database. Shared by main.ts, tests and benchmarks. */
import path from 'node:path';
import pino from 'pino';
import type { Config } from './config.js';
import type { AppContext } from './context.js';
import { ChangeFeed } from './db/change-feed.js';
import type { Db } from './db/database.js';
import type { Clock } from './lib/clock.js';
import { createEventBus } from './lib/event-bus.js';
import { createFileStore } from './lib/files.js';
import { createMailer, type Mailer } from './lib/mail.js';
import { AppMetrics } from './lib/metrics.js';
import { StreamHub } from './lib/stream-hub.js';
import { createTokenService } from './lib/tokens.js';
import { createMarketService, feedAges, type MarketService } from './modules/market/index.js';
import { withAntiPhishingCode } from './modules/security/index.js';
import { createAuthGuard } from './plugins/auth.js';

export interface ContextOverrides {
  mailer?: Mailer;
  clock?: Clock;
  market?: MarketService;
  log?: pino.Logger;
  /** The embedded database's supervisor state, for /readyz (RunningDatabase.status). */
  databaseStatus?: () => string | undefined;
}

export function createContext(config: Config, db: Db, overrides: ContextOverrides = {}): AppContext {
  const log =
    overrides.log ??
    pino({
      level: config.logLevel,
      base: undefined,
      redact: ['req.headers.authorization', 'req.headers.cookie', '*.password', '*.new_password', '*.otp'],
    });
  // The one wall-clock read of the app: every other domain time goes through ctx.clock.
  const clock: Clock = overrides.clock ?? { now: () => new Date() };
  const tokens = createTokenService(config.jwtSecret, config.tokenTtl, () => clock.now());
  const changes = new ChangeFeed(db.$client);
  const market = overrides.market ?? createMarketService({ config, db, clock, log });
  const streams = new StreamHub({ anonymousPerAddress: config.wsAnonymousPerAddress });
  const metrics = new AppMetrics();
  metrics.observe({
    pool: db.$client,
    streams,
    // Wall time: a feed's age is how long ago it last spoke, not a domain time.
    feedAges: () => feedAges(market, config.marketSource, Date.now()),
  });
  return {
    config,
    db,
    log,
    tokens,
    changes,
    // Before the app starts the ChangeFeed: the PostgreSQL bus hears its channel on that connection.
    bus: createEventBus(config, { changes, pool: db.$client, log }),
    guard: createAuthGuard(db, tokens, changes, clock, log),
    clock,
    files: createFileStore({ dataDir: config.dataDir, secret: config.jwtSecret, clock }),
    // Every mail carries the recipient's anti-phishing code (security/anti-phishing-mail.ts).
    mailer: withAntiPhishingCode(
      overrides.mailer ??
        createMailer({
          smtpUrl: config.smtpUrl,
          from: config.mailFrom,
          outboxDir: path.join(config.dataDir, 'outbox'),
          log: (line) => log.info(line),
        }),
      db,
    ),
    market,
    streams,
    metrics,
    databaseStatus: overrides.databaseStatus ?? (() => undefined),
  };
}
