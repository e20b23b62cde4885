/** What every module is built from. Tests build the same context with fakes at the seams. */
import type {
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.js';
import type { ChangeFeed } from './db/change-feed.js';
import type { Db } from './db/database.js';
import type { Clock } from './lib/clock.js';
import type { EventBus } from './lib/event-bus.js';
import type { FileStore } from './lib/files.js';
import type { Mailer } from './lib/mail.js';
import type { AppMetrics } from './lib/metrics.js';
import type { StreamHub } from './lib/stream-hub.js';
import type { TokenService } from './lib/tokens.js';
import type { AuthGuard } from './plugins/auth.js';
// The market's type from its own file, not its index.js: the index also hands on the market's
// routes, which import this file (docs/style.md: imports point one way).
import type { MarketService } from './modules/market/types.js';

export interface AppContext {
  config: Config;
  db: Db;
  /** Per-process memory of rows, dropped when the database notifies a change (db/change-feed.ts). */
  changes: ChangeFeed;
  /** Events to every instance: Redis pub/sub with REDIS_URL, else PostgreSQL NOTIFY (lib/event-bus.ts). */
  bus: EventBus;
  mailer: Mailer;
  /** Uploaded images behind signed URLs (lib/files.ts). */
  files: FileStore;
  tokens: TokenService;
  guard: AuthGuard;
  clock: Clock;
  market: MarketService;
  /** Server-pushed streams over /ws (market tickers; user events later). */
  streams: StreamHub;
  /** This app's Prometheus registry and the series other parts report to (lib/metrics.ts, GET /metrics). */
  metrics: AppMetrics;
  log: FastifyBaseLogger;
  /** Why the database may be away (the embedded supervisor restarting it), else undefined; for /readyz. */
  databaseStatus: () => string | undefined;
}

/** A Fastify instance whose routes take zod schemas. */
export type ZodApp = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

/** A capability's routes: registered by app.ts with the shared context. */
export type AppModule = (app: ZodApp, ctx: AppContext) => Promise<void> | void;
