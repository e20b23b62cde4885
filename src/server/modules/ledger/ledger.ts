/**
 * The ledger (docs/architecture.md section 4): the only code that changes `accounts.balance`. Every change
 * writes a ledger entry in the caller's transaction, so balance = sum of entries always holds.
 *
 * Double entry: money only moves in balanced postings. A posting's legs sum to zero per currency
 * (checked here before anything is written), each leg on a customer's wallet or on a house account
 * (deposits, withdrawals, margin, fees, trading, insurance; db/schema.ts); its entries share one
 * posting id. So the sum of every account of a currency is zero at every commit. House accounts may
 * be negative; customers' never.
 *
 * Locking: an operation first creates the accounts it needs that do not exist yet (inserts in
 * (user_id, wallet, currency) order), then locks all of them with one SELECT ... FOR UPDATE in
 * account-id order. Every transaction takes its account locks in that one order, so two money
 * operations wait for each other instead of deadlocking. A transaction that needs several
 * operations locks all its accounts up front with `lockAccounts`; locking them again in the same
 * transaction costs no round trip (the transaction remembers what it holds).
 *
 * House accounts are shared by every user, so they are touched last: after a posting's customer
 * legs, in (name, currency) order, created on first use, never locked ahead. A transaction makes one
 * posting, or takes every customer lock before its first posting, so no transaction waits for a
 * customer account while it holds a house account, and the hot rows are held only to the commit.
 *
 * Demo money (docs/decisions/0063-demo-accounts.md) moves like real money, but never meets it: a posting
 * on a demo account has every house leg on the one demo house account (DEMO_HOUSE) instead of the named
 * one, and a posting that would touch a demo and a real customer account at once is refused.
 */
import { and, eq, or, sql } from 'drizzle-orm';
import { WALLET_KINDS, type WalletKind } from '../../../shared/constants.js';
import { DEMO_MSG } from '../../../shared/api/demo.js';
import { DEMO_HOUSE, type HouseAccount } from '../../db/schema.js';
import { canonical, dec, type Dec } from '../../../shared/money.js';
import { SERVER_MSG } from '../../../shared/server-messages.js';
import type { Db, Queryable, Tx } from '../../db/database.js';
import { batchReads } from '../../db/batch-reads.js';
import { isCheckViolation } from '../../db/errors.js';
import { accounts, ledgerEntries, users } from '../../db/schema.js';
import { badRequest } from '../../errors.js';
import { countPosting } from '../../lib/metrics.js';
import { msg, type Message } from '../../../shared/message.js';

/**
 * A customer's account: one of their wallets, their locked bonuses (docs/decisions/0047), or their
 * principal locked in lock-up orders (docs/decisions/0052).
 */
export type LedgerWallet = WalletKind | 'bonus' | 'earn';

export interface AccountKey {
  userId: number;
  wallet: LedgerWallet;
  currency: string;
}

export interface LockedAccount extends AccountKey {
  id: number;
  /** Balance at lock time, canonical decimal string. */
  balance: string;
}

/** Why money moved, and the object it moved for (a transaction, a trade). */
export interface EntryRef {
  reason: string;
  refType: string;
  refId: number;
}

/** A house account of one currency (db/schema.ts HOUSE_ACCOUNTS). */
export interface HouseKey {
  /** DEMO_HOUSE only as the ledger itself routes a demo posting (docs/decisions/0063). */
  house: HouseAccount | typeof DEMO_HOUSE;
  currency: string;
}

export const house = (name: HouseAccount | typeof DEMO_HOUSE, currency: string): HouseKey => ({
  house: name,
  currency,
});

const isHouse = (account: AccountKey | HouseKey): account is HouseKey => 'house' in account;

export interface Leg {
  account: AccountKey | HouseKey;
  /** Signed: positive credits, negative debits. */
  amount: string;
}

export interface Posting {
  accountId: number;
  entryId: number;
  amount: string;
  balanceAfter: string;
}

export interface PostOptions {
  /** The message a user sees when a debit exceeds the balance. */
  insufficient?: Message;
}

const INSUFFICIENT = msg(SERVER_MSG, 'insufficientBalance');
const MAX_SCALE = 18; // numeric(38, 18)

export const accountKeyId = (a: AccountKey) => `${a.userId}|${a.wallet}|${a.currency}`;

const byKey = (a: AccountKey, b: AccountKey) =>
  a.userId - b.userId ||
  (a.wallet < b.wallet ? -1 : a.wallet > b.wallet ? 1 : 0) ||
  (a.currency < b.currency ? -1 : a.currency > b.currency ? 1 : 0);

/** A row found by a customer's key is a customer's account (house accounts have no user). */
const customerKey = (row: { userId: number | null; wallet: string; currency: string }): AccountKey => ({
  userId: row.userId!,
  wallet: row.wallet as LedgerWallet,
  currency: row.currency,
});

const matchesAny = (keys: AccountKey[]) =>
  or(
    ...keys.map((k) =>
      and(eq(accounts.userId, k.userId), eq(accounts.wallet, k.wallet), eq(accounts.currency, k.currency)),
    ),
  );

/** A programming error, not a user's: amounts reach the ledger validated. */
function checkedAmount(amount: string, allowNegative: boolean, allowZero = false): Dec {
  const value = dec(amount);
  if (
    !value.isFinite() ||
    (value.isZero() && !allowZero) ||
    (value.isNegative() && !allowNegative) ||
    value.decimalPlaces() > MAX_SCALE
  ) {
    throw new Error(`ledger: invalid amount ${amount}`);
  }
  return value;
}

const isNonNegativeViolation = (error: unknown) => isCheckViolation(error, 'accounts_balance_non_negative');

/**
 * The accounts each open transaction holds locked, with their balances as that transaction left
 * them. Row locks last until the transaction ends, so what is in here stays true for its life.
 */
const heldBy = new WeakMap<Tx, Map<string, LockedAccount>>();

/**
 * Create what is missing and lock every account of `keys` FOR UPDATE, in account-id order.
 * Returns the locked rows by `accountKeyId`.
 */
export async function lockAccounts(tx: Tx, keys: AccountKey[]): Promise<Map<string, LockedAccount>> {
  const unique = [...new Map(keys.map((k) => [accountKeyId(k), k])).values()].sort(byKey);
  if (unique.length === 0) return new Map();
  const held = heldBy.get(tx) ?? new Map<string, LockedAccount>();
  heldBy.set(tx, held);
  const ids = unique.map(accountKeyId);
  if (ids.every((id) => held.has(id))) return new Map(ids.map((id) => [id, { ...held.get(id)! }]));

  // The usual case, in one round trip: every account exists (accounts are never deleted, so an
  // unlocked count is enough to know) and all are locked; when one is missing, none is.
  const matching = matchesAny(unique);
  let rows = await tx
    .select()
    .from(accounts)
    .where(and(matching, sql`(select count(*) from ${accounts} where ${matching}) = ${unique.length}`))
    .orderBy(accounts.id)
    .for('update');
  if (rows.length === 0) {
    // Create the missing ones before taking any lock, in key order: two transactions creating
    // the same accounts queue on the first one.
    const existing = await tx
      .select({ userId: accounts.userId, wallet: accounts.wallet, currency: accounts.currency })
      .from(accounts)
      .where(matching);
    const found = new Set(existing.map((row) => accountKeyId(customerKey(row))));
    const missing = unique.filter((k) => !found.has(accountKeyId(k)));
    if (missing.length > 0) {
      await tx
        .insert(accounts)
        .values(missing.map((k) => ({ userId: k.userId, wallet: k.wallet, currency: k.currency })))
        .onConflictDoNothing();
    }
    rows = await tx.select().from(accounts).where(matching).orderBy(accounts.id).for('update');
  }
  const locked = new Map<string, LockedAccount>();
  for (const row of rows) {
    const account: LockedAccount = { id: row.id, ...customerKey(row), balance: row.balance };
    locked.set(accountKeyId(account), account);
    held.set(accountKeyId(account), { ...account });
  }
  if (locked.size !== unique.length) throw new Error('ledger: an account could not be locked');
  return locked;
}

/**
 * Whether each user is a demo account, read in the posting's transaction: one lookup by primary key. Not
 * remembered per process: a process may serve more than one database (the tests' files, a restore), where
 * the same id is another user.
 */
async function demoOf(tx: Tx, userIds: number[]): Promise<boolean[]> {
  const rows = await tx
    .select({ id: users.id, isDemo: users.isDemo })
    .from(users)
    .where(sql`${users.id} = any(${sql.param(userIds)}::bigint[])`);
  const flags = new Map(rows.map((row) => [row.id, row.isDemo]));
  return userIds.map((id) => flags.get(id) ?? false);
}

/**
 * Where a posting's house legs go (docs/decisions/0063): the demo house when its customers are demo
 * accounts, the named house accounts when they are real; demo and real customers together, never.
 */
async function houseLegsOf(tx: Tx, customerIds: number[], houses: { account: HouseKey; amount: Dec }[]) {
  const ids = [...new Set(customerIds)];
  if (ids.length === 0 || (ids.length === 1 && houses.length === 0)) return houses;
  const flags = await demoOf(tx, ids);
  if (flags.some((f) => f) && flags.some((f) => !f)) throw badRequest(msg(DEMO_MSG, 'demoMoneyStaysDemo'));
  if (!flags[0]) return houses;
  return houses.map((leg) => ({ account: house(DEMO_HOUSE, leg.account.currency), amount: leg.amount }));
}

/** A programming error when the legs do not sum to zero in every currency. */
function checkBalanced(legs: Leg[], amounts: Dec[]): void {
  const sums = new Map<string, Dec>();
  legs.forEach((leg, i) =>
    sums.set(leg.account.currency, (sums.get(leg.account.currency) ?? dec(0)).plus(amounts[i]!)),
  );
  for (const [currency, sum] of sums) {
    if (!sum.isZero()) throw new Error(`ledger: posting of ${currency} does not balance (${sum.toFixed()})`);
  }
}

const houseOrder = (a: HouseKey, b: HouseKey) =>
  a.house < b.house ? -1 : a.house > b.house ? 1 : a.currency < b.currency ? -1 : a.currency > b.currency ? 1 : 0;

/**
 * One balanced posting: apply signed amounts to accounts atomically. Customer accounts are locked
 * and checked first (a leg that would overdraw refuses the whole posting), then updated; house
 * accounts last. Every entry carries the posting's id. Legs of zero are left out.
 */
export async function post(tx: Tx, allLegs: Leg[], ref: EntryRef, options: PostOptions = {}): Promise<Posting[]> {
  // A leg of zero (a fee of 0, a P/L of exactly 0) moves nothing and writes no entry.
  const checked = allLegs.map((leg) => checkedAmount(leg.amount, true, true));
  const legs = allLegs.filter((_, i) => !checked[i]!.isZero());
  const amounts = checked.filter((a) => !a.isZero());
  checkBalanced(legs, amounts);
  const customer = legs.flatMap((leg, i) =>
    isHouse(leg.account) ? [] : [{ account: leg.account, amount: amounts[i]! }],
  );
  const houses = (
    await houseLegsOf(
      tx,
      customer.map((l) => l.account.userId),
      legs.flatMap((leg, i) => (isHouse(leg.account) ? [{ account: leg.account, amount: amounts[i]! }] : [])),
    )
  ).sort((a, b) => houseOrder(a.account, b.account));

  const locked = await lockAccounts(
    tx,
    customer.map((l) => l.account),
  );
  const running = new Map([...locked].map(([id, row]) => [id, dec(row.balance)]));
  for (const leg of customer) {
    const id = accountKeyId(leg.account);
    const next = running.get(id)!.plus(leg.amount);
    if (next.isNegative()) throw badRequest(options.insufficient ?? INSUFFICIENT);
    running.set(id, next);
  }

  const held = heldBy.get(tx) ?? new Map<string, LockedAccount>();
  const postings: Posting[] = [];
  // The first entry draws the posting id; the others reuse it (currval is per connection, and the
  // transaction holds its connection).
  let postingId = sql`nextval('ledger_postings_seq')`;
  const drawn = () => {
    const id = postingId;
    postingId = sql`currval('ledger_postings_seq')`;
    return id;
  };
  for (const leg of customer) {
    const key = accountKeyId(leg.account);
    const account = locked.get(key)!;
    const amount = leg.amount.toFixed();
    let entry: { id: number; balanceAfter: string };
    try {
      // The balance and its entry in one statement (one round trip per leg).
      const result = await tx.execute<{ id: string; balance_after: string }>(sql`
        with updated as (
          update ${accounts} set balance = balance + ${amount}::numeric, updated_at = now()
          where id = ${account.id}
          returning id, balance
        )
        insert into ${ledgerEntries} (account_id, posting_id, amount, balance_after, reason, ref_type, ref_id)
        select id, ${drawn()}, ${amount}::numeric, balance, ${ref.reason}, ${ref.refType}, ${ref.refId} from updated
        returning id, balance_after`);
      const row = result.rows[0]!;
      entry = { id: Number(row.id), balanceAfter: canonical(row.balance_after) };
    } catch (error) {
      // The CHECK constraint is the backstop of the check above; the user still gets a 400.
      if (isNonNegativeViolation(error)) throw badRequest(options.insufficient ?? INSUFFICIENT);
      throw error;
    }
    held.get(key)!.balance = entry.balanceAfter;
    postings.push({ accountId: account.id, entryId: entry.id, amount, balanceAfter: entry.balanceAfter });
  }
  for (const leg of houses) {
    const amount = leg.amount.toFixed();
    // Created on first use: the upsert both makes the row and adds to it, under its row lock.
    const result = await tx.execute<{ id: string; account_id: string; balance_after: string }>(sql`
      with updated as (
        insert into ${accounts} (user_id, wallet, currency, balance)
        values (null, ${leg.account.house}, ${leg.account.currency}, ${amount}::numeric)
        on conflict (wallet, currency) where user_id is null
        do update set balance = ${accounts.balance} + excluded.balance, updated_at = now()
        returning id, balance
      )
      insert into ${ledgerEntries} (account_id, posting_id, amount, balance_after, reason, ref_type, ref_id)
      select id, ${drawn()}, ${amount}::numeric, balance, ${ref.reason}, ${ref.refType}, ${ref.refId} from updated
      returning id, account_id, balance_after`);
    const row = result.rows[0]!;
    postings.push({
      accountId: Number(row.account_id),
      entryId: Number(row.id),
      amount,
      balanceAfter: canonical(row.balance_after),
    });
  }
  // The lever wallet's balance is pushed on the owner's stream (docs/decisions/0071-lever-screen-push.md):
  // a NOTIFY at commit (none on a rollback) tells every instance which users' lever wallet moved.
  const leverUsers = [...new Set(customer.filter((l) => l.account.wallet === 'lever').map((l) => l.account.userId))];
  if (leverUsers.length > 0)
    await tx.execute(
      sql`select pg_notify(${LEVER_WALLET_CHANGED}, u::text) from unnest(${`{${leverUsers.join(',')}}`}::bigint[]) u`,
    );
  // Postings by reason for /metrics (ledger transactions/s); a posting rolled back later counts too.
  if (postings.length > 0) countPosting(ref.reason, ref.refType);
  return postings;
}

/** The NOTIFY channel carrying a user id whenever a posting moved that user's lever wallet (at commit). */
export const LEVER_WALLET_CHANGED = 'lever_wallet_changed';

/** Move `amount` (> 0) from one account to another (either may be a house account): a two-leg posting. */
export async function move(
  tx: Tx,
  from: AccountKey | HouseKey,
  to: AccountKey | HouseKey,
  amount: string,
  ref: EntryRef,
  options: PostOptions = {},
): Promise<{ from: Posting; to: Posting }> {
  checkedAmount(amount, false);
  if (from.currency !== to.currency) throw new Error('ledger: move needs one currency');
  const [a, b] = [from, to].map((k) => (isHouse(k) ? `house|${k.house}|${k.currency}` : accountKeyId(k)));
  if (a === b) throw new Error('ledger: move needs two different accounts');
  const postings = await post(
    tx,
    [
      { account: from, amount: dec(amount).negated().toFixed() },
      { account: to, amount },
    ],
    ref,
    options,
  );
  const out = postings.find((p) => dec(p.amount).isNegative())!;
  const into = postings.find((p) => !dec(p.amount).isNegative())!;
  return { from: out, to: into };
}

const balancesQuery = (db: Queryable) =>
  db
    .select({ currency: accounts.currency, balance: accounts.balance })
    .from(accounts)
    .where(and(eq(accounts.userId, sql.placeholder('userId')), eq(accounts.wallet, sql.placeholder('wallet'))));

const byCurrency = (rows: { currency: string; balance: string }[]) => new Map(rows.map((r) => [r.currency, r.balance]));

/** Balances of one wallet of a user, by currency (reading needs no lock). */
export async function walletBalances(db: Queryable, userId: number, wallet: WalletKind): Promise<Map<string, string>> {
  return byCurrency(await balancesQuery(db).execute({ userId, wallet }));
}

/**
 * The same read on the database (not a transaction), for the wallet lists every screen polls every
 * few seconds: the reads asked for in one turn of the event loop are one query (db/batch-reads.ts).
 */
export function preparedWalletBalances(db: Db): (userId: number, wallet: WalletKind) => Promise<Map<string, string>> {
  const perWallet = new Map(
    WALLET_KINDS.map((wallet) => [
      wallet,
      batchReads(async (userIds: number[]) => {
        const rows = await db
          .select({ userId: accounts.userId, currency: accounts.currency, balance: accounts.balance })
          .from(accounts)
          .where(and(sql`${accounts.userId} = any(${sql.param(userIds)}::int[])`, eq(accounts.wallet, wallet)));
        const byUser = new Map<number, Map<string, string>>();
        for (const row of rows) {
          if (row.userId === null) continue; // house accounts have no user; the query asked for users only
          let held = byUser.get(row.userId);
          if (!held) byUser.set(row.userId, (held = new Map()));
          held.set(row.currency, row.balance);
        }
        return byUser;
        // A user without accounts yet: no balances (read only by walletListOf, never changed).
      }, new Map<string, string>()),
    ]),
  );
  return (userId, wallet) => perWallet.get(wallet)!(userId);
}
