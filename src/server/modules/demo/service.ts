/**
 * Demo accounts (docs/decisions/0063-demo-accounts.md): a user row flagged `is_demo` with an address that
 * takes no mail and a password nobody knows, signed in by the session it is opened with. It starts with
 * DEMO_START_USDT in Lever and in Funding, drawn from the demo house account (the ledger routes every
 * house leg of a demo posting there), trades on the same prices as everyone, and is kept out of the
 * books and the proof of reserves. A real account may open one demo twin (users.demo_of) and switch
 * between the two: the web keeps both tokens, so a demo token never leads back to the real account.
 */
import { randomBytes } from 'node:crypto';
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import { DEMO_MSG, DEMO_START_USDT } from '../../../shared/api/demo.js';
import type { LoginResponse } from '../../../shared/api/auth.js';
import { dec } from '../../../shared/money.js';
import type { AppContext } from '../../context.js';
import type { Tx } from '../../db/database.js';
import { accounts, DEMO_HOUSE, users } from '../../db/schema.js';
import { spotOrders } from '../spot/schema.js';
import { trades } from '../trades/schema.js';
import { badRequest } from '../../errors.js';
import { DEMO_EMAIL_DOMAIN } from '../../lib/demo-guard.js';
import { insertUser, sessionUserOf, startSession, type ClientInfo } from '../auth/index.js';
import { house, lockAccounts, post, type AccountKey, type Leg } from '../ledger/index.js';
import { msg } from '../../../shared/message.js';

type DemoContext = Pick<AppContext, 'db' | 'tokens' | 'clock' | 'mailer' | 'config'>;

/** What a demo posting refers to: the demo account itself (ledger_entries.ref_type 'demo'). */
const demoRef = (userId: number, reason: 'demo_start' | 'demo_reset' | 'demo_expired') => ({
  reason,
  refType: 'demo',
  refId: userId,
});

/** The starting money: DEMO_START_USDT into Lever and into Funding, from the demo house. */
async function grantStart(tx: Tx, userId: number): Promise<void> {
  const both = dec(DEMO_START_USDT).times(2).toFixed();
  await post(
    tx,
    [
      { account: house(DEMO_HOUSE, 'USDT'), amount: dec(both).negated().toFixed() },
      { account: { userId, wallet: 'lever', currency: 'USDT' }, amount: DEMO_START_USDT },
      { account: { userId, wallet: 'funding', currency: 'USDT' }, amount: DEMO_START_USDT },
    ],
    demoRef(userId, 'demo_start'),
  );
}

/**
 * Every balance of a demo account back to the demo house (a reset, an expiry): one posting, so the
 * ledger check still proves each account equals its entries and the demo books sum to zero.
 */
export async function sweepDemo(tx: Tx, userId: number, reason: 'demo_reset' | 'demo_expired'): Promise<void> {
  const held = await tx
    .select({ wallet: accounts.wallet, currency: accounts.currency })
    .from(accounts)
    .where(and(eq(accounts.userId, userId), ne(accounts.balance, '0')));
  if (held.length === 0) return;
  const locked = await lockAccounts(
    tx,
    held.map((a) => ({ userId, wallet: a.wallet as AccountKey['wallet'], currency: a.currency })),
  );
  const legs: Leg[] = [];
  for (const account of locked.values()) {
    if (dec(account.balance).isZero()) continue;
    legs.push({ account, amount: dec(account.balance).negated().toFixed() });
    legs.push({ account: house(DEMO_HOUSE, account.currency), amount: account.balance });
  }
  if (legs.length > 0) await post(tx, legs, demoRef(userId, reason));
}

/** Open positions and resting orders keep money out of the wallets: a reset waits for them. */
async function hasOpenWork(tx: Tx, userId: number): Promise<boolean> {
  const [row] = await tx
    .execute<{ busy: boolean }>(
      sql`
    select exists (select 1 from ${trades} where ${trades.userId} = ${userId} and ${trades.status} in ('pending', 'open'))
        or exists (select 1 from ${spotOrders} where ${spotOrders.userId} = ${userId} and ${spotOrders.status} = 'open')
        as busy`,
    )
    .then((r) => r.rows);
  return Boolean(row?.busy);
}

export function createDemoService(ctx: DemoContext) {
  async function signIn(user: typeof users.$inferSelect, client: ClientInfo): Promise<LoginResponse> {
    const access = await startSession(ctx, user, client);
    return { access, user: await sessionUserOf(ctx.db, user) };
  }

  /** A new demo account with its starting money; `twinOf` names the real account it is the twin of. */
  async function open(client: ClientInfo, twinOf?: typeof users.$inferSelect): Promise<LoginResponse> {
    const user = await insertUser(ctx.db, {
      email: `demo-${randomBytes(9).toString('base64url').toLowerCase()}@${DEMO_EMAIL_DOMAIN}`,
      // Not a hash: no password opens it (lib/passwords.ts verifyPassword answers false).
      passwordHash: 'demo',
      firstName: twinOf?.firstName ?? 'Demo',
      lastName: twinOf?.lastName ?? 'Trader',
      language: twinOf?.language ?? 'en',
      isDemo: true,
      demoOf: twinOf?.id ?? null,
    });
    await ctx.db.transaction((tx) => grantStart(tx, user.id));
    return signIn(user, client);
  }

  return {
    /** POST /api-v1/demo/: anyone, no account needed. */
    openDemo: (client: ClientInfo) => open(client),

    /** POST /api-v1/demo/twin/: a real account's demo twin, opened on first use and reused after. */
    async twin(userId: number, client: ClientInfo): Promise<LoginResponse> {
      const [real] = await ctx.db.select().from(users).where(eq(users.id, userId));
      if (!real || real.isDemo) throw badRequest(msg(DEMO_MSG, 'demoHasNoTwin'));
      const [existing] = await ctx.db
        .select()
        .from(users)
        .where(and(eq(users.demoOf, userId), isNull(users.demoEndedAt)));
      if (existing) return signIn(existing, client);
      try {
        return await open(client, real);
      } catch (error) {
        // Two tabs at once: the unique index keeps one live twin; the second takes it.
        const [raced] = await ctx.db
          .select()
          .from(users)
          .where(and(eq(users.demoOf, userId), isNull(users.demoEndedAt)));
        if (raced) return signIn(raced, client);
        throw error;
      }
    },

    /** POST /api-v1/demo/reset/: a demo account's money back to its start, once nothing is open. */
    async reset(userId: number): Promise<{ message: string }> {
      await ctx.db.transaction(async (tx) => {
        const [row] = await tx.select({ isDemo: users.isDemo }).from(users).where(eq(users.id, userId)).for('update');
        if (!row?.isDemo) throw badRequest(msg(DEMO_MSG, 'onlyDemoResets'));
        if (await hasOpenWork(tx, userId)) throw badRequest(msg(DEMO_MSG, 'resetBusy'));
        await sweepDemo(tx, userId, 'demo_reset');
        await grantStart(tx, userId);
      });
      return { message: DEMO_MSG.resetDone };
    },
  };
}
