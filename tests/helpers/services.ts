/**
 * The service layer's harness (docs/architecture.md section 9 "Test layers"): the real AppContext on
 * a database cloned for the file, with the same fakes at the seams as createTestApp (mailbox, clock,
 * market), but no Fastify. Business rules are tested here by calling the services; the HTTP files
 * keep the contract (paths, fields, status codes, access).
 */
import pino from 'pino';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { createContext } from '../../src/server/bootstrap.js';
import type { AppContext } from '../../src/server/context.js';
import { connect, type Db } from '../../src/server/db/database.js';
import { AppError } from '../../src/server/errors.js';
import { walletBalances } from '../../src/server/modules/ledger/index.js';
import { createDepositService } from '../../src/server/modules/wallets/deposits.js';
import { createReviewService } from '../../src/server/modules/wallets/review.js';
import { rechargeBody } from '../../src/shared/api/wallet.js';
import type { MarketService } from '../../src/server/modules/market/types.js';
import type { WalletKind } from '../../src/shared/constants.js';
import { createTestContext, type TestAppOptions } from './app.js';
import { createFakeMarket, type FakeMarket } from './fake-market.js';
import { ADDRESSES } from './addresses.js';
import { createUser, type TestUser } from './users.js';

export type TestServices = Awaited<ReturnType<typeof createTestContext>> & { db: Db; close(): Promise<void> };

/** The context on its own database; close it after. */
export async function createTestServices(options: TestAppOptions = {}): Promise<TestServices> {
  const made = await createTestContext(options);
  return {
    ...made,
    db: made.database.db,
    async close() {
      await made.ctx.market.stop();
      await made.database.drop();
    },
  };
}

/** One context per file on a fake market whose prices are set before each test (as fakeMarketApp). */
export function fakeMarketServices(
  use: (s: TestServices, market: FakeMarket) => void,
  { prices, ...options }: Omit<TestAppOptions, 'market'> & { prices?: Record<string, string> } = {},
): void {
  let services: TestServices | undefined;
  let market: FakeMarket;
  beforeAll(async () => {
    market = createFakeMarket();
    services = await createTestServices({ market, ...options });
    use(services, market);
  });
  afterAll(() => services?.close());
  if (prices) beforeEach(() => Object.entries(prices).forEach(([coin, price]) => market.set(coin, price)));
}

/**
 * A second instance's context on the same database (as anotherInstance, without Fastify): for rules
 * that hold across instances. Start its change feed (ctx.changes.start()) once its watchers are set,
 * as the app does on ready; close it before the first.
 */
export async function anotherContext(
  s: TestServices,
  options: { market?: MarketService } = {},
): Promise<{ ctx: AppContext; close(): Promise<void> }> {
  const db = connect(s.database.url, 5);
  const ctx = createContext(s.config, db, {
    mailer: s.mailbox,
    clock: s.clock,
    log: pino({ level: 'silent' }),
    ...(options.market ? { market: options.market } : {}),
  });
  await ctx.market.start();
  return {
    ctx,
    async close() {
      await ctx.changes.stop();
      await ctx.market.stop();
      await db.$client.end();
    },
  };
}

/** A balance as the wallet list shows it ('0' when the user holds none), read from the ledger. */
export async function balanceIn(s: { db: Db }, user: TestUser, wallet: WalletKind, currency: string): Promise<string> {
  return (await walletBalances(s.db, user.id, wallet)).get(currency) ?? '0';
}

/**
 * A deposit of `amount` USDT (at least 50) into the user's funding wallet, approved by a staff user:
 * through the deposit and review services, as fundWallet (tests/helpers/money.ts) does through HTTP.
 * Returns the transaction id.
 */
export async function approvedDeposit(s: TestServices, user: TestUser, amount: string): Promise<number> {
  const made = await createDepositService(s.ctx).request(
    user.id,
    rechargeBody.parse({ amount, payment_address: ADDRESSES.TRC20 }),
    { key: null, route: 'POST /api-v1/recharge/' },
  );
  const id = made.body.transaction.transaction_id;
  await createReviewService(s.ctx).decide((await createUser(s, { isAdmin: true })).id, id, 'approve');
  return id;
}

/**
 * How a service call ended, as the wire would say it (plugins/error-handler.ts): 'ok', or a refusal's
 * status and message. Errors that are not refusals fail the test.
 */
export async function outcome(call: Promise<unknown>): Promise<{ status: 'ok' | number; error?: string }> {
  try {
    await call;
    return { status: 'ok' };
  } catch (error) {
    if (error instanceof AppError) return { status: error.statusCode, error: error.message };
    throw error;
  }
}

/** A service's refusal: its status and message. Fails the test when the call did not refuse. */
export async function refusal(call: Promise<unknown>): Promise<{ status: number; error: string }> {
  const ended = await outcome(call);
  if (ended.status === 'ok') throw new Error('expected a refusal, the call succeeded');
  return { status: ended.status, error: ended.error! };
}
