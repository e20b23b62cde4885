/**
 * Benchmark data, made in bulk with set-based SQL (thousands of traders in a second). Every
 * balance is made the ledger's way: an account, and entries whose sum and last balance_after are
 * its balance, so `checkLedger` holds for seeded data exactly as for data the app wrote.
 */
import type { Db } from '../../src/server/db/database.js';
import { hashPassword, PRODUCTION_PASSWORD_HASH_COST } from '../../src/server/lib/passwords.js';
import type { TokenService } from '../../src/server/lib/tokens.js';
import type pg from 'pg';
import { DEFAULT_MAINTENANCE_MARGIN_RATE } from '../../src/shared/constants.js';
import { dec, liquidationPrice, tradeMargin } from '../../src/shared/money.js';

export interface BenchUser {
  id: number;
  email: string;
  token: string;
}

/** Every bench user's password (they log in only where a page needs a real login response). */
export const BENCH_PASSWORD = 'bench password 1';

let passwordHash: Promise<string> | undefined;
let batch = 0;

/** `count` traders (no staff rights), each with a signed access token. */
export async function createUsers(db: Db, tokens: TokenService, count: number, label: string): Promise<BenchUser[]> {
  passwordHash ??= hashPassword(BENCH_PASSWORD, PRODUCTION_PASSWORD_HASH_COST);
  const hash = await passwordHash;
  const prefix = `${label}${++batch}`;
  const { rows } = await db.$client.query<{ id: string; email: string }>(
    `insert into users (uniqueid, email, password_hash, first_name, last_name, promotion_code)
     select lpad((($4::bigint * 1000000 + n) % 100000000)::text, 8, '0'), $1 || '.' || n || '@bench.local', $2, 'Bench', 'Trader', $1 || n
     from generate_series(1, $3::int) n
     returning id, email`,
    [prefix, hash, count, batch],
  );
  // A token needs a live sign-in session (modules/auth/sessions.ts): one per user, in one statement.
  const { rows: sessionRows } = await db.$client.query<{ id: string; user_id: string }>(
    `insert into sessions (user_id, device, ip) select unnest($1::bigint[]), 'bench', '127.0.0.1' returning id, user_id`,
    [rows.map((r) => r.id)],
  );
  const sessionOf = new Map(sessionRows.map((r) => [r.user_id, r.id]));
  return Promise.all(
    rows.map(async ({ id, email }) => ({
      id: Number(id),
      email,
      token: await tokens.sign({ userId: Number(id), tokenVersion: 0, sessionId: sessionOf.get(id)! }),
    })),
  );
}

/**
 * The house side of a bulk posting: `amount` (signed) on a house account, in posting `postingId`
 * (docs/architecture.md section 4: every posting sums to zero).
 */
const HOUSE_LEG = `
  with h as (
    insert into accounts (user_id, wallet, currency, balance) values (null, $1, $2, $3::numeric)
    on conflict (wallet, currency) where user_id is null
    do update set balance = accounts.balance + excluded.balance, updated_at = now()
    returning id, balance
  )
  insert into ledger_entries (account_id, posting_id, amount, balance_after, reason, ref_type, ref_id)
  select id, $4, $3::numeric, balance, $5, 'bench', 0 from h`;

/**
 * Run `work` in one transaction on one connection with a fresh posting id: the bulk writes of one
 * balanced posting (customers' legs and the house's) commit together or not at all.
 */
async function inOnePosting(db: Db, work: (client: pg.PoolClient, postingId: number) => Promise<void>): Promise<void> {
  const client = await db.$client.connect();
  try {
    await client.query('begin');
    const { rows } = await client.query<{ id: string }>(`select nextval('ledger_postings_seq') as id`);
    await work(client, Number(rows[0]!.id));
    await client.query('commit');
  } catch (error) {
    await client.query('rollback').catch(() => {});
    throw error;
  } finally {
    client.release();
  }
}

/**
 * Credits `amount` of `currency` to a wallet of each user, who must not hold that account yet: one
 * posting, from the house's deposits account.
 */
export async function grant(
  db: Db,
  userIds: number[],
  wallet: string,
  currency: string,
  amount: string,
): Promise<void> {
  await inOnePosting(db, async (client, postingId) => {
    await client.query(
      `with a as (
         insert into accounts (user_id, wallet, currency, balance)
         select u, $2, $3, $4::numeric from unnest($1::bigint[]) u
         returning id
       )
       insert into ledger_entries (account_id, posting_id, amount, balance_after, reason, ref_type, ref_id)
       select id, $5, $4::numeric, $4::numeric, 'bench_grant', 'bench', id from a`,
      [userIds, wallet, currency, amount, postingId],
    );
    const total = dec(amount).times(userIds.length).negated().toFixed();
    await client.query(HOUSE_LEG, ['deposits', currency, total, postingId, 'bench_grant']);
  });
}

/**
 * For each user: `leverUsdt` in the lever wallet, then one open long of `hands` `coin` at `entryPrice`
 * (10x, margin taken from that wallet), as the trade service would have written it.
 */
export async function openSeedTrades(
  db: Db,
  userIds: number[],
  options: { coin: string; hands: string; entryPrice: string; leverUsdt: string },
): Promise<void> {
  const leverage = 10;
  const margin = tradeMargin(options.hands, options.entryPrice, leverage);
  const liquidation = liquidationPrice(
    'buy',
    options.hands,
    options.entryPrice,
    margin,
    DEFAULT_MAINTENANCE_MARGIN_RATE,
  );
  await grant(db, userIds, 'lever', 'USDT', options.leverUsdt);
  // One transaction, one posting: the trades, the margin debits and the house's margin account.
  await inOnePosting(db, async (client, postingId) => {
    await client.query(
      `with t as (
           insert into trades (user_id, coin, trade_type, hands, leverage, order_type, status, entry_price, margin,
                               liquidation_price, opened_at)
           select u, $2, 'buy', $3::numeric, $4, 'market', 'open', $5::numeric, $6::numeric, $7::numeric, now()
           from unnest($1::bigint[]) u
           returning id, user_id
         ),
         debited as (
           update accounts a set balance = a.balance - $6::numeric, updated_at = now()
           from t where a.user_id = t.user_id and a.wallet = 'lever' and a.currency = 'USDT'
           returning a.id as account_id, a.balance, t.id as trade_id
         )
         insert into ledger_entries (account_id, posting_id, amount, balance_after, reason, ref_type, ref_id)
         select account_id, $8, -$6::numeric, balance, 'trade_margin', 'trade', trade_id from debited`,
      [userIds, options.coin, options.hands, leverage, options.entryPrice, margin, liquidation, postingId],
    );
    const total = dec(margin).times(userIds.length).toFixed();
    await client.query(HOUSE_LEG, ['margin', 'USDT', total, postingId, 'trade_margin']);
  });
}
