/** Environment -> typed configuration, validated once at start (docs/architecture.md section 2). */
import { randomBytes } from 'node:crypto';
import { existsSync, linkSync, mkdirSync, readFileSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { generateMnemonic, validateMnemonic } from '@scure/bip39';
import { wordlist } from '@scure/bip39/wordlists/english.js';
import { getAddress, isAddress } from 'viem';
import { z } from 'zod';
import {
  EXCHANGE_ENDPOINTS,
  IP_GEOLOCATION_SERVICES,
  type ExchangeEndpoints,
  type MarketRegion,
} from '../shared/market-region.js';
import {
  DEFAULT_MAINTENANCE_MARGIN_RATE,
  DEFAULT_SPOT_FEE_RATE,
  DEFAULT_TRADE_FEE_RATE,
  LEVERAGE_OPTIONS,
} from '../shared/constants.js';
import { dec } from '../shared/money.js';
import { MIN_PASSWORD_HASH_COST, PRODUCTION_PASSWORD_HASH_COST } from './lib/passwords.js';

const optionalString = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === '' ? undefined : v.trim()));

/** A rate as a decimal string from 0 to 1 exclusive: "0.0005". */
const rate = (name: string) =>
  z.string().regex(/^0(\.\d{1,8})?$/, { error: `${name} must be a decimal from 0 to 1, like 0.0005` });

const MIN_JWT_SECRET_BYTES = 32;

/** A JWT secret setting: unset, or at least MIN_JWT_SECRET_BYTES bytes (HS256 wants a key as long as its hash). */
const serverSecret = (error: string) =>
  optionalString.refine((v) => v === undefined || Buffer.byteLength(v) >= MIN_JWT_SECRET_BYTES, { error });

/** A proxy-addr name for a range (loopback, linklocal, uniquelocal), an address, or an address/prefix. */
function isProxyAddress(entry: string): boolean {
  if (['loopback', 'linklocal', 'uniquelocal'].includes(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY (docs/security.md "Hygiene", docs/decisions/0023) -> Fastify's trustProxy: unset,
 * empty or 0: none (X-Forwarded-For ignored); a number n: the n proxies nearest the server; a comma
 * list of addresses, CIDRs or proxy-addr ranges: those proxies. Never "trust everyone": `true` is
 * refused, since then any client could name its own address in X-Forwarded-For.
 */
export function trustProxyOf(value: string | undefined): false | number | string[] {
  if (value === undefined || value === '' || value === '0' || value === 'false') return false;
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    if (hops > 32) throw new Error(`Invalid configuration: TRUST_PROXY: ${value} hops is not a plausible proxy chain`);
    return hops;
  }
  if (value === 'true')
    throw new Error(
      'Invalid configuration: TRUST_PROXY=true would believe any client about its own address. Set the number ' +
        'of proxies in front of the server (e.g. TRUST_PROXY=1 behind one load balancer) or their addresses ' +
        '(e.g. TRUST_PROXY=10.0.0.0/8,192.168.1.7).',
    );
  const entries = value.split(',').map((entry) => entry.trim());
  const bad = entries.filter((entry) => !isProxyAddress(entry));
  if (bad.length > 0)
    throw new Error(
      `Invalid configuration: TRUST_PROXY: ${bad.map((b) => JSON.stringify(b)).join(', ')} is not a hop count, an address or a CIDR`,
    );
  return entries;
}

/**
 * Config.trustProxy as Fastify's option. A hop count becomes a function trusting the `hops`
 * addresses nearest the server: Fastify 5 itself now treats a plain number as "trust nothing",
 * since a hop count cannot tell a proxy from a client that reaches the server directly. So a hop
 * count is for servers reachable only through their proxies (README "Behind a load balancer").
 */
export function fastifyTrustProxy(
  trust: Config['trustProxy'],
): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trust !== 'number') return trust;
  return (_address, hop) => hop < trust;
}

const SIMULATED_MARKET_REFUSED =
  'sim is refused with NODE_ENV=production: prices are simulated, so coins bought at them must never leave ' +
  'for real. Set MARKET_SOURCE=binance, or ALLOW_SIMULATED_MARKET=1 for a demonstration (on-chain ' +
  'withdrawals are then off)';

/** What start warns about (README "Production checklist"): printed once by main.ts, never a refusal. */
export const SIMULATED_MARKET_WARNING =
  'MARKET_SOURCE=sim with NODE_ENV=production (ALLOW_SIMULATED_MARKET=1): prices are simulated; on-chain withdrawals are off';

const envSchema = z
  .object({
    NODE_ENV: optionalString,
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().default('127.0.0.1'),
    DATA_DIR: z.string().default('./data'),
    DATABASE_URL: optionalString,
    /** At least 32 bytes (HS256 wants a key as long as its hash; docs/security.md "Hygiene"). */
    JWT_SECRET: serverSecret(`must be at least ${MIN_JWT_SECRET_BYTES} bytes (e.g. openssl rand -base64 48)`),
    /**
     * The secret JWT_SECRET replaced (a rotation, docs/operations.md "Rotating JWT_SECRET"): sealed TOTP and
     * API-key secrets still open with it and are sealed again under JWT_SECRET at start; nothing new uses it.
     */
    JWT_SECRET_PREVIOUS: serverSecret(`must be at least ${MIN_JWT_SECRET_BYTES} bytes, as JWT_SECRET`),
    TOKEN_TTL: z
      .string()
      .regex(/^\d+\s*(s|m|h|d)$/, { error: 'TOKEN_TTL must look like 900s, 30m, 24h or 7d' })
      .default('24h'),
    SMTP_URL: optionalString,
    MAIL_FROM: z.string().default('Coinfront <no-reply@coinfront.local>'),
    MARKET_SOURCE: z.enum(['sim', 'binance']).default('sim'),
    /**
     * 1: NODE_ENV=production may run on the simulated market (a demo), and on-chain withdrawals are then
     * off (README "Production checklist", docs/decisions/0058-proof-of-reserves.md).
     */
    ALLOW_SIMULATED_MARKET: z.enum(['0', '1']).default('0'),
    MARKET_REGION: z.enum(['us', 'international']).optional(),
    /** Unset: the simulator is keyed by DATA_DIR/market-secret (never a public default). */
    MARKET_SEED: optionalString,
    ADMIN_EMAIL: optionalString,
    ADMIN_PASSWORD: optionalString,
    DEPOSIT_ADDRESS_ERC20: z.string().default('0x8f3Cf7ad23Cd3CaDbD9735AFf958023239c6A063'),
    DEPOSIT_ADDRESS_TRC20: z.string().default('TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE'),
    DEPOSIT_ADDRESS_BTC: z.string().default('bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq'),
    PUBLIC_URL: optionalString,
    USDO_PRICE: z
      .string()
      .regex(/^\d+(\.\d+)?$/, { error: 'USDO_PRICE must be a positive decimal' })
      .default('1'),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    /** Requests per minute per client for login, OTP and signup. */
    AUTH_RATE_LIMIT: z.coerce.number().int().positive().default(10),
    /** Chat messages per minute per user. */
    CHAT_RATE_LIMIT: z.coerce.number().int().positive().default(30),
    /** Identity submissions (three images each) per minute per user. */
    UPLOAD_RATE_LIMIT: z.coerce.number().int().positive().default(5),
    /** Trade creations (orders) per minute per user (docs/decisions/0020). */
    TRADE_RATE_LIMIT: z.coerce.number().int().positive().default(60),
    /**
     * Stream sockets (/ws, /stream, /ws-api/v3) one client address may hold open before they show a
     * credential (docs/decisions/0050).
     */
    WS_ANONYMOUS_PER_ADDRESS: z.coerce.number().int().positive().default(100),
    /** Proxies in front whose X-Forwarded-For is believed: a hop count or addresses/CIDRs (trustProxyOf). */
    TRUST_PROXY: optionalString,
    /** Milliseconds between passes of the trade jobs (limit fills, liquidation, price history); 0 turns them off. */
    TRADE_JOB_INTERVAL_MS: z.coerce.number().int().min(0).max(3_600_000).default(2_000),
    /** Milliseconds between retries of notification mails that failed (modules/notifications/mail.ts); 0 turns them off. */
    MAIL_RETRY_INTERVAL_MS: z.coerce.number().int().min(0).max(3_600_000).default(60_000),
    /** Trading fee on open and on close, a share of the notional (0.0005 = 0.05 %). */
    TRADE_FEE_RATE: rate('TRADE_FEE_RATE').default(DEFAULT_TRADE_FEE_RATE),
    /** Equity at which a position is liquidated, a share of its notional at the mark (0.005 = 0.5 %). */
    MAINTENANCE_MARGIN_RATE: rate('MAINTENANCE_MARGIN_RATE').default(DEFAULT_MAINTENANCE_MARGIN_RATE),
    /** Fee of a spot order's fill, a share of its USDT value (0.001 = 0.1 %), paid in USDT. */
    SPOT_FEE_RATE: rate('SPOT_FEE_RATE').default(DEFAULT_SPOT_FEE_RATE),
    /**
     * Bearer token /metrics asks for (docs/decisions/0038-operations.md); unset: /metrics answers
     * only direct requests from this machine (loopback, no proxy headers).
     */
    METRICS_TOKEN: optionalString.refine((v) => v === undefined || v.length >= 16, {
      error: 'must be at least 16 characters (e.g. openssl rand -hex 24)',
    }),
    /** 1: add the hidden GET /bench/baseline route (npm run bench only). */
    BENCH_BASELINE: z.enum(['0', '1']).default('0'),
    /** Whether bonuses are paid until staff switch them in Settings (docs/decisions/0030). */
    BONUSES: z.enum(['on', 'off']).default('on'),
    /**
     * Redis for the event bus (lib/event-bus.ts, docs/decisions/0036) and the rate-limit counts
     * (docs/decisions/0037) across instances; unset: PostgreSQL NOTIFY and a PostgreSQL table.
     */
    REDIS_URL: optionalString.refine((v) => v === undefined || /^rediss?:\/\/[^\s]+$/.test(v), {
      error: 'must be a redis:// or rediss:// URL, like redis://127.0.0.1:6379',
    }),
    /**
     * Custody on an EVM chain (docs/architecture.md "Custody", docs/decisions/0056): an Ethereum JSON-RPC
     * endpoint; unset: no chain, deposits are staff-reviewed requests as before.
     */
    EVM_RPC_URL: optionalString.refine((v) => v === undefined || /^(https?|wss?):\/\/[^\s]+$/.test(v), {
      error: 'must be an http(s):// or ws(s):// URL of an Ethereum JSON-RPC node',
    }),
    /** The chain id the node must answer (1: Ethereum mainnet); unset: whatever the node is on. */
    EVM_CHAIN_ID: z.coerce.number().int().positive().optional(),
    /** USDT's ERC20 contract on that chain; its decimals are read from the contract. */
    USDT_ERC20_CONTRACT: optionalString.refine((v) => v === undefined || isAddress(v, { strict: false }), {
      error: 'must be a 0x address of 40 hexadecimal characters',
    }),
    /** Blocks on top of a deposit's block (its own included) before it is credited. */
    EVM_CONFIRMATIONS: z.coerce.number().int().min(1).max(1000).default(12),
    /** BIP-39 phrase the deposit addresses derive from; unset: generated once into DATA_DIR/custody-mnemonic. */
    CUSTODY_MNEMONIC: optionalString,
    /** Milliseconds between the deposit watcher's passes when it is caught up; 0 turns it off (tests poll themselves). */
    CUSTODY_POLL_INTERVAL_MS: z.coerce.number().int().min(0).max(3_600_000).default(5_000),
    /** 1: start a local anvil chain with a test USDT for this run (never in production; scripts/dev-chain.ts). */
    EVM_DEV_CHAIN: z.enum(['0', '1']).default('0'),
    /** Worker processes on one port (docs/decisions/0036-event-bus.md); unset: the machine's cores, 1 under NODE_ENV=test. */
    WEB_CONCURRENCY: z.coerce.number().int().min(1).max(256).optional(),
    /**
     * log2 of scrypt's N for new password hashes (lib/passwords.ts). Production never goes below the
     * default; the test suite lowers it, since every sign-up and sign-in of a test paid ~180 ms at
     * production cost (docs/architecture.md section 9 "Tests").
     */
    PASSWORD_HASH_COST: z.coerce
      .number()
      .int()
      .min(MIN_PASSWORD_HASH_COST)
      .max(20)
      .default(PRODUCTION_PASSWORD_HASH_COST),
  })
  .superRefine((env, ctx) => {
    if (env.NODE_ENV === 'production' && env.EVM_DEV_CHAIN === '1')
      ctx.addIssue({
        code: 'custom',
        path: ['EVM_DEV_CHAIN'],
        message: 'is a local test chain with a faucet and cannot run in production; set EVM_RPC_URL to your node',
      });
    if (env.EVM_RPC_URL !== undefined && env.USDT_ERC20_CONTRACT === undefined)
      ctx.addIssue({
        code: 'custom',
        path: ['USDT_ERC20_CONTRACT'],
        message: "is needed with EVM_RPC_URL: the USDT token's contract address on that chain",
      });
    if (env.NODE_ENV === 'production' && env.PASSWORD_HASH_COST < PRODUCTION_PASSWORD_HASH_COST)
      ctx.addIssue({
        code: 'custom',
        path: ['PASSWORD_HASH_COST'],
        message: `must be at least ${PRODUCTION_PASSWORD_HASH_COST} in production (a cheaper hash makes stolen hashes cheaper to crack)`,
      });
    if (env.NODE_ENV === 'production' && env.MARKET_SOURCE === 'sim' && env.ALLOW_SIMULATED_MARKET !== '1')
      ctx.addIssue({
        code: 'custom',
        path: ['MARKET_SOURCE'],
        message: SIMULATED_MARKET_REFUSED,
      });
    // A closing fee must fit in the maintenance margin (a closed position always pays something back),
    // and no leverage may open a position that is already liquidatable.
    const fee = dec(env.TRADE_FEE_RATE);
    const maintenance = dec(env.MAINTENANCE_MARGIN_RATE);
    if (fee.gte(maintenance))
      ctx.addIssue({ code: 'custom', path: ['TRADE_FEE_RATE'], message: 'must be below MAINTENANCE_MARGIN_RATE' });
    if (maintenance.gte(dec(1).div(Math.max(...LEVERAGE_OPTIONS))))
      ctx.addIssue({
        code: 'custom',
        path: ['MAINTENANCE_MARGIN_RATE'],
        message: `must be below the margin of the highest leverage (1/${Math.max(...LEVERAGE_OPTIONS)})`,
      });
  });

type Env = z.infer<typeof envSchema>;

export interface Config {
  env: Env;
  production: boolean;
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  jwtSecret: Uint8Array;
  /** JWT_SECRET_PREVIOUS: opens what the secret before a rotation sealed; never signs or seals. */
  jwtSecretPrevious: Uint8Array | undefined;
  tokenTtl: string;
  /** PASSWORD_HASH_COST: log2 of scrypt's N for new password hashes. */
  passwordHashCost: number;
  smtpUrl: string | undefined;
  mailFrom: string;
  marketSource: 'sim' | 'binance';
  marketRegion: 'us' | 'international' | undefined;
  /** MARKET_SEED, the simulator's shared secret when set; else DATA_DIR/market-secret (see marketSecret). */
  marketSeed: string | undefined;
  /** Public exchange endpoints per region (MARKET_SOURCE=binance). */
  marketEndpoints: Record<MarketRegion, ExchangeEndpoints>;
  /** IP geolocation services the server asks for its own country. */
  marketGeolocationServices: readonly string[];
  adminEmail: string | undefined;
  adminPassword: string | undefined;
  depositAddresses: { ERC20: string; TRC20: string; BTC: string };
  publicUrl: string;
  usdoPrice: string;
  logLevel: Env['LOG_LEVEL'];
  authRateLimit: number;
  chatRateLimit: number;
  uploadRateLimit: number;
  tradeRateLimit: number;
  /** Unauthenticated stream sockets per client address (WS_ANONYMOUS_PER_ADDRESS). */
  wsAnonymousPerAddress: number;
  /** Fastify's trustProxy: false, a hop count, or proxy addresses/CIDRs (never `true`). */
  trustProxy: false | number | string[];
  /** Fees and maintenance margin of leveraged trades (docs/architecture.md section 5). */
  trading: TradingRates;
  /** Fee of a spot fill, a share of its USDT value (docs/architecture.md "Spot orders"). */
  spotFeeRate: string;
  /** 0: no trade jobs in this process (tests run passes themselves). */
  tradeJobIntervalMs: number;
  /** 0: failed notification mails wait for the user's next event (tests retry themselves). */
  mailRetryIntervalMs: number;
  /** Bonuses are on until staff decide otherwise in Settings (BONUSES, docs/decisions/0030). */
  bonusesDefault: boolean;
  /** METRICS_TOKEN: the bearer token of GET /metrics; undefined: loopback only. */
  metricsToken: string | undefined;
  /** The benchmark's baseline route is mounted (BENCH_BASELINE=1). */
  benchBaseline: boolean;
  /** Where the built web app lives. */
  webDir: string;
  /**
   * REDIS_URL: the event bus over Redis pub/sub and rate limits counted in Redis; undefined: over
   * PostgreSQL NOTIFY and counted in PostgreSQL (docs/decisions/0036, 0037).
   */
  redisUrl: string | undefined;
  /** The EVM chain custody follows (EVM_RPC_URL, docs/decisions/0056); undefined: no chain, as before. */
  custody: CustodyConfig | undefined;
  /** 0: no deposit watcher passes in this process (tests call pollOnce). */
  custodyPollIntervalMs: number;
  /** Worker processes main.ts runs on one port (WEB_CONCURRENCY, docs/architecture.md "Instances: limits and workers"). */
  webConcurrency: number;
  /**
   * Whether withdrawals may be paid on a chain: false while a production server runs on the simulated
   * market (ALLOW_SIMULATED_MARKET=1), since coins bought at simulated prices must never leave for real.
   * The custody withdrawals read it before signing anything.
   */
  onchainWithdrawals: boolean;
  /** What start warns about (README "Production checklist"); main.ts prints them. */
  warnings: string[];
}

export interface CustodyConfig {
  rpcUrl: string;
  /** EVM_CHAIN_ID: the chain the node must be on; undefined: not checked. */
  chainId: number | undefined;
  /** USDT's ERC20 contract, EIP-55 cased. */
  usdtContract: `0x${string}`;
  confirmations: number;
  /** The BIP-39 phrase every custody key derives from (never logged, never stored in the database). */
  mnemonic: string;
  /** What an operator should hear at start (a mnemonic file readable by others). */
  warnings: string[];
}

export interface TradingRates {
  /** Fee on open and on close, a share of the notional. */
  feeRate: string;
  /** Equity at which a position is liquidated, a share of its notional at the mark. */
  maintenanceRate: string;
}

/** The JWT secret: from the environment, else generated once and kept in DATA_DIR. */
function loadSecret(dataDir: string, fromEnv: string | undefined): Uint8Array {
  if (fromEnv) return new TextEncoder().encode(fromEnv);
  const file = path.join(dataDir, 'jwt-secret');
  if (!existsSync(file)) {
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(file, randomBytes(48).toString('base64url'), { mode: 0o600, flag: 'wx' });
  }
  const secret = new TextEncoder().encode(readFileSync(file, 'utf8').trim());
  if (secret.length < MIN_JWT_SECRET_BYTES)
    throw new Error(`${file} holds a JWT secret shorter than ${MIN_JWT_SECRET_BYTES} bytes; remove it to make one`);
  return secret;
}

const MARKET_SECRET_FILE = 'market-secret';
const MARKET_SECRET_BYTES = 32;

/**
 * The simulator's secret (docs/architecture.md section 7): MARKET_SEED's bytes when set (tests, and
 * instances that must agree without sharing DATA_DIR), else 32 random bytes generated once per
 * installation into DATA_DIR/market-secret (mode 0600) and reused on every later start, so the
 * simulated future can't be computed from the source. Asked only by the simulator (a ledger check or
 * a binance instance makes no file). Instances starting together on one DATA_DIR agree: the file
 * appears whole or not at all (written aside, then hard-linked into place; the loser reads it).
 */
export function marketSecret(config: Pick<Config, 'dataDir' | 'marketSeed'>): Uint8Array {
  if (config.marketSeed !== undefined) return new TextEncoder().encode(config.marketSeed);
  const file = path.join(config.dataDir, MARKET_SECRET_FILE);
  if (!existsSync(file)) {
    mkdirSync(config.dataDir, { recursive: true });
    const aside = `${file}.${process.pid}.${randomBytes(6).toString('hex')}`;
    writeFileSync(aside, randomBytes(MARKET_SECRET_BYTES).toString('base64url'), { mode: 0o600, flag: 'wx' });
    try {
      linkSync(aside, file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    } finally {
      unlinkSync(aside);
    }
  }
  const secret = Buffer.from(readFileSync(file, 'utf8').trim(), 'base64url');
  if (secret.length < MARKET_SECRET_BYTES)
    throw new Error(`${file} is not a market secret (${MARKET_SECRET_BYTES} bytes, base64url); remove it to make one`);
  return new Uint8Array(secret);
}

const CUSTODY_MNEMONIC_FILE = 'custody-mnemonic';
/**
 * 12 words (128 bits) at least: BIP-39's smallest phrase. A phrase of mostly one word is refused too:
 * it passes the checksum but is no secret (Foundry's and Hardhat's "test test ... junk" is one).
 */
const MIN_MNEMONIC_WORDS = 12;

/** A phrase refused with the reason, or undefined when it may hold money. */
function mnemonicProblem(phrase: string): string | undefined {
  const words = phrase.split(' ');
  if (words.length < MIN_MNEMONIC_WORDS) return `has ${words.length} words; at least ${MIN_MNEMONIC_WORDS} are needed`;
  if (!validateMnemonic(phrase, wordlist))
    return 'is not a valid BIP-39 English phrase (a word or the checksum is wrong)';
  if (new Set(words).size < words.length / 2) return 'repeats its words too much to be random';
  return undefined;
}

/**
 * The custody phrase (docs/decisions/0056): CUSTODY_MNEMONIC, else DATA_DIR/custody-mnemonic made once
 * (24 words, mode 0600, written aside and hard-linked into place as the market secret is, so instances
 * starting together agree). Refused when malformed or weak; a file others may read is a warning.
 */
function loadCustodyMnemonic(dataDir: string, fromEnv: string | undefined): { mnemonic: string; warnings: string[] } {
  const warnings: string[] = [];
  let phrase = fromEnv;
  let origin = 'CUSTODY_MNEMONIC';
  if (phrase === undefined) {
    const file = path.join(dataDir, CUSTODY_MNEMONIC_FILE);
    origin = file;
    if (!existsSync(file)) {
      mkdirSync(dataDir, { recursive: true });
      const aside = `${file}.${process.pid}.${randomBytes(6).toString('hex')}`;
      writeFileSync(aside, `${generateMnemonic(wordlist, 256)}\n`, { mode: 0o600, flag: 'wx' });
      try {
        linkSync(aside, file);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      } finally {
        unlinkSync(aside);
      }
      warnings.push(`${file} was generated: back it up offline now; every deposit address derives from it`);
    }
    const mode = statSync(file).mode & 0o777;
    if ((mode & 0o077) !== 0)
      warnings.push(`${file} has mode 0${mode.toString(8)}; others may read it: chmod 600 ${file}`);
    phrase = readFileSync(file, 'utf8');
  }
  const normalised = phrase.trim().toLowerCase().split(/\s+/).join(' ');
  const problem = mnemonicProblem(normalised);
  if (problem) throw new Error(`Invalid configuration: the custody mnemonic (${origin}) ${problem}`);
  return { mnemonic: normalised, warnings };
}

function custodyOf(env: Env, dataDir: string): CustodyConfig | undefined {
  if (env.EVM_RPC_URL === undefined || env.USDT_ERC20_CONTRACT === undefined) return undefined;
  return {
    rpcUrl: env.EVM_RPC_URL,
    chainId: env.EVM_CHAIN_ID,
    usdtContract: getAddress(env.USDT_ERC20_CONTRACT),
    confirmations: env.EVM_CONFIRMATIONS,
    ...loadCustodyMnemonic(dataDir, env.CUSTODY_MNEMONIC),
  };
}

export function loadConfig(source: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid configuration: ${problems}`);
  }
  const env = parsed.data;
  const dataDir = path.resolve(overrides.dataDir ?? env.DATA_DIR);
  const port = overrides.port ?? env.PORT;
  const host = overrides.host ?? env.HOST;
  const simulatedProduction = env.NODE_ENV === 'production' && env.MARKET_SOURCE === 'sim';
  return {
    env,
    production: env.NODE_ENV === 'production',
    port,
    host,
    dataDir,
    databaseUrl: env.DATABASE_URL,
    jwtSecret: overrides.jwtSecret ?? loadSecret(dataDir, env.JWT_SECRET),
    jwtSecretPrevious:
      overrides.jwtSecretPrevious ??
      (env.JWT_SECRET_PREVIOUS === undefined ? undefined : new TextEncoder().encode(env.JWT_SECRET_PREVIOUS)),
    tokenTtl: env.TOKEN_TTL.replace(/\s+/g, ''),
    passwordHashCost: env.PASSWORD_HASH_COST,
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM,
    marketSource: env.MARKET_SOURCE,
    marketRegion: env.MARKET_REGION,
    marketSeed: env.MARKET_SEED,
    marketEndpoints: EXCHANGE_ENDPOINTS,
    marketGeolocationServices: IP_GEOLOCATION_SERVICES,
    adminEmail: env.ADMIN_EMAIL?.toLowerCase(),
    adminPassword: env.ADMIN_PASSWORD,
    depositAddresses: {
      ERC20: env.DEPOSIT_ADDRESS_ERC20,
      TRC20: env.DEPOSIT_ADDRESS_TRC20,
      BTC: env.DEPOSIT_ADDRESS_BTC,
    },
    publicUrl: (env.PUBLIC_URL ?? `http://${host}:${port}`).replace(/\/$/, ''),
    usdoPrice: env.USDO_PRICE,
    logLevel: env.LOG_LEVEL,
    authRateLimit: env.AUTH_RATE_LIMIT,
    chatRateLimit: env.CHAT_RATE_LIMIT,
    uploadRateLimit: env.UPLOAD_RATE_LIMIT,
    tradeRateLimit: env.TRADE_RATE_LIMIT,
    wsAnonymousPerAddress: env.WS_ANONYMOUS_PER_ADDRESS,
    trustProxy: trustProxyOf(env.TRUST_PROXY),
    trading: { feeRate: env.TRADE_FEE_RATE, maintenanceRate: env.MAINTENANCE_MARGIN_RATE },
    spotFeeRate: env.SPOT_FEE_RATE,
    tradeJobIntervalMs: env.TRADE_JOB_INTERVAL_MS,
    mailRetryIntervalMs: env.MAIL_RETRY_INTERVAL_MS,
    metricsToken: env.METRICS_TOKEN,
    benchBaseline: env.BENCH_BASELINE === '1',
    bonusesDefault: env.BONUSES === 'on',
    webDir: path.resolve('dist/web'),
    redisUrl: env.REDIS_URL,
    webConcurrency: env.WEB_CONCURRENCY ?? (env.NODE_ENV === 'test' ? 1 : os.availableParallelism()),
    onchainWithdrawals: !simulatedProduction,
    warnings: simulatedProduction ? [SIMULATED_MARKET_WARNING] : [],
    custody: overrides.custody ?? custodyOf(env, dataDir),
    custodyPollIntervalMs: env.CUSTODY_POLL_INTERVAL_MS,
    ...overrides,
  };
}
