/**
 * Builds the Fastify app from a context: plugins first (security, limits, schemas), then the
 * capability modules, then the web app. It never listens; main.ts does.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyMultipart from '@fastify/multipart';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifyWebsocket from '@fastify/websocket';
import { Redis } from 'ioredis';
import Fastify, { type FastifyInstance, type FastifyRequest, type RouteOptions } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { APP_VERSION, MAX_IMAGE_BYTES } from '../shared/constants.js';
import { SERVER_MSG } from '../shared/server-messages.js';
import { msg } from '../shared/message.js';
import { EXCHANGE_ENDPOINTS, IP_GEOLOCATION_SERVICES } from '../shared/market-region.js';
import { fastifyTrustProxy } from './config.js';
import type { AppContext, AppModule } from './context.js';
import { modules } from './modules/index.js';
import { errorBody, refuseNulCharacters, registerErrorHandler } from './plugins/error-handler.js';
import { registerAuthDecorators } from './plugins/auth.js';
import { loadPageShells } from './lib/page-preloads.js';
import { registerSecurityHeaders } from './plugins/security-headers.js';
import { postgresRateLimitStore, RATE_LIMIT_NAMESPACE } from './plugins/rate-limit-store.js';

const MARKET_DIRECT_ORIGINS = [...Object.values(EXCHANGE_ENDPOINTS).map((e) => e.rest), ...IP_GEOLOCATION_SERVICES].map(
  (url) => new URL(url).origin,
);

/** A listenKey (api-keys/user-data.ts LISTEN_KEY) wherever it stands in a URL: 60 letters and digits. */
const LISTEN_KEY_IN_URL = /(?<![A-Za-z0-9])[A-Za-z0-9]{60}(?![A-Za-z0-9])/g;

/**
 * A request's URL as the log may keep it: whoever reads the log must not be able to replay what it
 * names (docs/security.md "Hygiene"). Without the query of /files/ URLs (exp and sig open the file
 * while the signature lasts) and of /api/v3 (a signed request's signature and timestamp are valid
 * within recvWindow; listenKey parameters), and with every listenKey in a path (/ws/<listenKey>) or a
 * query (/stream?streams=<listenKey>) replaced.
 */
function urlForLog(url: string): string {
  const path = url.split('?')[0]!;
  const kept = path.startsWith('/files/') || path.startsWith('/api/v3/') || path === '/api/v3' ? path : url;
  return kept.replace(LISTEN_KEY_IN_URL, '<listenKey>');
}

/** What a request line says of the request: Fastify's fields, the URL as urlForLog keeps it. */
function requestForLog(request: FastifyRequest) {
  return {
    method: request.method,
    url: urlForLog(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/** Paths the SPA fallback must never answer with index.html. */
const NON_WEB_PREFIXES = ['/api', '/ws', '/healthz', '/readyz', '/metrics', '/files/'];

export interface BuildOptions {
  /** Sees every route as it is registered (tests derive their route tables from it). */
  onRoute?: (route: RouteOptions) => void;
}

export async function buildApp(ctx: AppContext, extraModules: AppModule[] = [], options: BuildOptions = {}) {
  const app = Fastify({
    // Request lines without a signed file URL's query (its signature is a permission; docs/security.md "Hygiene").
    loggerInstance: ctx.log.child({}, { serializers: { req: requestForLog } }),
    trustProxy: fastifyTrustProxy(ctx.config.trustProxy),
    bodyLimit: 1024 * 1024,
    // Bodies like {"__proto__": ...} are refused instead of silently poisoning objects.
    onProtoPoisoning: 'error',
    onConstructorPoisoning: 'error',
    requestIdHeader: 'x-request-id',
    routerOptions: { ignoreTrailingSlash: false },
  }).withTypeProvider<ZodTypeProvider>();
  if (options.onRoute) app.addHook('onRoute', options.onRoute);
  // Latency and status of every route by its pattern (GET /metrics, lib/metrics.ts).
  ctx.metrics.instrument(app);

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  refuseNulCharacters(app);
  registerAuthDecorators(app);

  registerSecurityHeaders(app, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        // The exchange and geolocation services: for a web build that reads the market directly.
        connectSrc: ["'self'", 'ws:', 'wss:', ...MARKET_DIRECT_ORIGINS],
        frameAncestors: ["'none'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    // HSTS only means something behind HTTPS; a proxy in front sets it there.
    strictTransportSecurity: ctx.config.publicUrl.startsWith('https://'),
    crossOriginEmbedderPolicy: false,
  });
  await registerRateLimits(app, ctx);
  await app.register(fastifyMultipart, {
    limits: { fileSize: MAX_IMAGE_BYTES, files: 3, fields: 10, fieldSize: 64 * 1024, parts: 16 },
  });
  await app.register(fastifyWebsocket, { options: { maxPayload: 64 * 1024 } });
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: 'Coinfront API', version: APP_VERSION },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    transform: jsonSchemaTransform,
  });

  // Remembered rows (db/change-feed.ts) need their notification connection while the app runs.
  app.addHook('onReady', async () => ctx.changes.start());
  app.addHook('onClose', async () => ctx.changes.stop());
  // The event bus (lib/event-bus.ts): its Redis connections, if any, end with the app.
  app.addHook('onClose', async () => ctx.bus.close());

  for (const register of [...modules, ...extraModules]) {
    await app.register(async (scope) => register(scope.withTypeProvider<ZodTypeProvider>(), ctx));
  }

  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());

  await registerWebApp(app, ctx.config.webDir);
  return app;
}

/**
 * @fastify/rate-limit with one budget across instances and workers (plugins/rate-limit-store.ts,
 * docs/decisions/0037): Redis when REDIS_URL is set, else PostgreSQL. Routes declare their limits
 * (plugins/rate-limits.ts).
 */
async function registerRateLimits(app: FastifyInstance, ctx: AppContext) {
  if (!ctx.config.redisUrl) {
    await app.register(fastifyRateLimit, {
      global: false,
      store: postgresRateLimitStore(ctx.db.$client, ctx.log),
    });
    return;
  }
  // The plugin's README: a limit must not wait for a Redis that is away; a request fails instead.
  const redis = new Redis(ctx.config.redisUrl, { connectTimeout: 1_000, maxRetriesPerRequest: 1 });
  redis.on('error', (error: Error) => ctx.log.warn({ err: error }, 'rate limits: Redis unreachable'));
  app.addHook('onClose', async () => {
    await redis.quit().catch(() => redis.disconnect());
  });
  await app.register(fastifyRateLimit, { global: false, redis, nameSpace: RATE_LIMIT_NAMESPACE });
}

/**
 * The built SPA: hashed assets cached for a year, index.html for every other page path, naming the
 * page's own chunks for preloading (lib/page-preloads.ts).
 */
async function registerWebApp(app: FastifyInstance, webDir: string) {
  const index = path.join(webDir, 'index.html');
  if (!existsSync(index)) return;
  const shellFor = loadPageShells(webDir);
  await app.register(fastifyStatic, {
    root: webDir,
    preCompressed: true,
    // One route per built file (the build does not change while the server runs), so the page
    // fallback below can be a route: the error handler already owns the not-found handler, and
    // Fastify allows only one per prefix.
    wildcard: false,
    index: false,
    setHeaders(reply, filePath) {
      const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
      reply.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  app.get('/*', { schema: { hide: true } }, (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const isPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !NON_WEB_PREFIXES.some((p) => pathname.startsWith(p)) &&
      !path.extname(pathname);
    if (!isPage) return reply.status(404).send(errorBody(msg(SERVER_MSG, 'noRoute', request.method, pathname)));
    const shell = shellFor(pathname);
    reply.header('cache-control', 'no-cache').header('etag', shell.etag);
    if (request.headers['if-none-match'] === shell.etag) return reply.status(304).send();
    return reply.type('text/html; charset=utf-8').send(shell.html);
  });
}
