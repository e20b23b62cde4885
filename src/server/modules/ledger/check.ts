/**
 * The ledger's invariants, checkable at any time (docs/architecture.md section 4, `npm run ledger:check`):
 * every balance equals the sum of its entries and its latest balance_after, no customer balance is
 * negative, every posting sums to zero per currency and so does every currency's set of accounts
 * (double entry); and, by the rule of the module that owns them (`LedgerRule`, listed in
 * modules/ledger-rules.ts), every record that moved money (a transaction, a trade, a spot order...) moved
 * exactly what its status says on its owner's accounts, with no entry pointing at nothing.
 * Demo money (docs/decisions/0063-demo-accounts.md) balances apart: the demo accounts and the demo house
 * sum to zero per currency on their own, and no posting touches demo and real accounts at once.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Queryable } from '../../db/database.js';
import { canonical } from '../../../shared/money.js';

export type LedgerMismatch =
  | {
      kind: 'balance';
      accountId: number;
      /** null for a house account. */
      userId: number | null;
      wallet: string;
      currency: string;
      balance: string;
      sumOfEntries: string;
    }
  | { kind: 'balance_after'; accountId: number; balance: string; lastBalanceAfter: string | null }
  | { kind: 'negative'; accountId: number; balance: string }
  | {
      kind: 'transaction';
      transactionId: number;
      type: string;
      status: string;
      amount: string;
      expectedNet: string;
      net: string;
      entries: number;
    }
  | {
      kind: 'trade';
      tradeId: number;
      status: string;
      margin: string;
      profitLoss: string | null;
      expectedNet: string;
      net: string;
    }
  | {
      /**
       * A product's record (a spot order, a convert, a fiat order, a bonus release...) whose owner's entries
       * on one wallet and currency do not sum to what its rule expects (`LedgerRule.expected`).
       */
      kind: 'record';
      refType: string;
      refId: number;
      status: string | null;
      wallet: string;
      currency: string;
      /** null when the record lacks what its expectation is computed from (a filled order without its total). */
      expectedNet: string | null;
      net: string;
    }
  | {
      /** A posting whose entries do not sum to zero in one currency. */
      kind: 'posting';
      postingId: number;
      currency: string;
      sum: string;
    }
  | {
      /** Demo accounts and the demo house of a currency do not sum to zero on their own (0063). */
      kind: 'demo_books';
      currency: string;
      total: string;
    }
  | {
      /** A posting that touched a demo account (or the demo house) and a real one (0063). */
      kind: 'demo_mixed';
      postingId: number;
    }
  | {
      /** The accounts of a currency (customers' and the house's) do not sum to zero. */
      kind: 'books';
      currency: string;
      total: string;
    }
  | {
      /** An entry of a transaction or trade that does not exist, or on an account that is not the one it moves. */
      kind: 'entry';
      entryId: number;
      refType: string;
      refId: number;
      accountId: number;
      problem: 'no_such_ref' | 'wrong_account';
    };

export interface LedgerReport {
  accounts: number;
  entries: number;
  transactions: number;
  trades: number;
  mismatches: LedgerMismatch[];
}

type Row = Record<string, unknown>;
/** The rows of a query's result. */
export const rowsOf = (result: unknown): Row[] => (result as { rows: Row[] }).rows;

/**
 * What a product's records must have moved on their customers' accounts: one rule per `ref_type` of the
 * ledger's entries, kept by the module that owns the records (docs/architecture.md section 4) and
 * handed to the check by the list of every rule (modules/ledger-rules.ts). The check runs one query
 * shape for every rule, so a new product adds its rule, not a query.
 */
export interface LedgerRule {
  /** The `ref_type` of the entries that point at these records. */
  refType: string;
  /** The records, selected as `id`, `user_id` (their owner) and `status` (null when they have none). */
  records: SQL;
  /**
   * A `values` list over the record `r`: each `(wallet, currency, expected)` that its owner's entries
   * must sum to on that wallet and currency. A customer entry on any other wallet or currency is on the
   * wrong account. An expected null (the record lacks what it is computed from) is a mismatch.
   */
  expected?: SQL;
  /**
   * For a rule that checks its sums itself (`check`): the condition on the record `r`, the entry `e` and
   * its account `a` under which a customer entry is where it belongs (its owner is checked here).
   */
  account?: SQL;
  /** The records' own check, for what one sum per wallet and currency cannot say (a trade's family, a transfer's two legs). */
  check?: (db: Queryable) => Promise<LedgerMismatch[]>;
  /**
   * The same `values` list for the house's legs: each `(wallet, currency, expected)` the record's entries
   * on house accounts must sum to (a lock-up's yield from `earn_yield`); any other house entry is on the
   * wrong account. Without it the house's legs are left to double entry.
   */
  house?: SQL;
  /** Its entries are all on its owner's accounts, none on the house's (a bonus release moves between the owner's wallets). */
  customerOnly?: boolean;
}

/**
 * Every record whose entries per wallet and currency differ from what its rule expects: on its owner's
 * accounts (`expected`), or on the house's (`house`).
 */
async function recordMismatches(db: Queryable, rule: LedgerRule, expected: SQL, side: 'owner' | 'house') {
  const owner = side === 'owner';
  const rows = rowsOf(
    await db.execute(sql`
      with r as (${rule.records}),
      x as (
        select r.id, r.user_id, r.status, x.wallet, x.currency, x.expected
        from r cross join lateral (${expected}) as x(wallet, currency, expected)),
      nets as (
        select e.ref_id, a.user_id, a.wallet, a.currency, sum(e.amount) as net
        from ledger_entries e join accounts a on a.id = e.account_id
        where e.ref_type = ${rule.refType} and ${owner ? sql`a.user_id is not null` : sql`a.user_id is null`}
        group by 1, 2, 3, 4)
      select x.id, x.status, x.wallet, x.currency, x.expected::text as expected, coalesce(n.net, 0)::text as net
      from x left join nets n
        on n.ref_id = x.id and n.wallet = x.wallet and n.currency = x.currency
       and ${owner ? sql`n.user_id = x.user_id` : sql`true`}
      where x.expected is null or coalesce(n.net, 0) <> x.expected
      order by x.id, x.wallet, x.currency`),
  );
  return rows.map((r): LedgerMismatch => ({
    kind: 'record',
    refType: rule.refType,
    refId: Number(r.id),
    status: r.status === null ? null : String(r.status),
    wallet: String(r.wallet),
    currency: String(r.currency),
    expectedNet: r.expected === null ? null : canonical(String(r.expected)),
    net: canonical(String(r.net)),
  }));
}

/** Every entry of the rule's `ref_type` that points at no record, or at a customer account the record may not move. */
async function entryMismatches(db: Queryable, rule: LedgerRule): Promise<LedgerMismatch[]> {
  const listed = (values: SQL) =>
    sql`exists (select 1 from (${values}) as x(wallet, currency, expected)
                where x.wallet = a.wallet and x.currency = a.currency)`;
  const belongs = rule.expected ? listed(rule.expected) : (rule.account ?? sql`true`);
  const houseBelongs = rule.house ? listed(rule.house) : rule.customerOnly ? sql`false` : sql`true`;
  const rows = rowsOf(
    await db.execute(sql`
      select e.id, e.ref_id, e.account_id, r.id is null as orphan
      from ledger_entries e
      join accounts a on a.id = e.account_id
      left join (${rule.records}) r on r.id = e.ref_id
      where e.ref_type = ${rule.refType}
        and (r.id is null
          or (a.user_id is null and not (${houseBelongs}))
          or (a.user_id is not null and (a.user_id <> r.user_id or not (${belongs}))))
      order by e.id`),
  );
  return rows.map((r) => ({
    kind: 'entry',
    entryId: Number(r.id),
    refType: rule.refType,
    refId: Number(r.ref_id),
    accountId: Number(r.account_id),
    problem: r.orphan ? 'no_such_ref' : 'wrong_account',
  }));
}

/** The ledger's invariants and every product's rule (`rules`: modules/ledger-rules.ts lists them all). */
export async function checkLedgerRules(db: Queryable, rules: readonly LedgerRule[]): Promise<LedgerReport> {
  const mismatches: LedgerMismatch[] = [];

  const totals = rowsOf(
    await db.execute(sql`
      select (select count(*) from accounts) as accounts,
             (select count(*) from ledger_entries) as entries,
             (select count(*) from transactions) as transactions,
             (select count(*) from trades) as trades`),
  )[0]!;

  const balances = rowsOf(
    await db.execute(sql`
      select * from (
        select a.id, a.user_id, a.wallet, a.currency, a.balance::text as balance,
               coalesce(s.total, 0)::text as total, last.balance_after::text as last_after,
               a.balance <> coalesce(s.total, 0) as bad_sum,
               a.user_id is not null and a.balance < 0 as negative,
               case when last.balance_after is null then a.balance <> 0 else last.balance_after <> a.balance end as bad_after
        from accounts a
        left join (select account_id, sum(amount) as total from ledger_entries group by account_id) s on s.account_id = a.id
        left join lateral (
          select balance_after from ledger_entries e where e.account_id = a.id order by e.id desc limit 1
        ) last on true
      ) checked
      where bad_sum or negative or bad_after
      order by id`),
  );
  for (const r of balances) {
    const accountId = Number(r.id);
    const balance = canonical(String(r.balance));
    if (r.bad_sum) {
      mismatches.push({
        kind: 'balance',
        accountId,
        userId: r.user_id === null ? null : Number(r.user_id),
        wallet: String(r.wallet),
        currency: String(r.currency),
        balance,
        sumOfEntries: canonical(String(r.total)),
      });
    }
    if (r.negative) mismatches.push({ kind: 'negative', accountId, balance });
    if (r.bad_after) {
      mismatches.push({
        kind: 'balance_after',
        accountId,
        balance,
        lastBalanceAfter: r.last_after === null ? null : canonical(String(r.last_after)),
      });
    }
  }

  for (const rule of rules) {
    if (rule.expected) mismatches.push(...(await recordMismatches(db, rule, rule.expected, 'owner')));
    if (rule.house) mismatches.push(...(await recordMismatches(db, rule, rule.house, 'house')));
    if (rule.check) mismatches.push(...(await rule.check(db)));
    mismatches.push(...(await entryMismatches(db, rule)));
  }

  // Double entry: every posting, and every currency's accounts altogether, sum to zero.
  const postings = rowsOf(
    await db.execute(sql`
      select e.posting_id, a.currency, sum(e.amount)::text as total
      from ledger_entries e join accounts a on a.id = e.account_id
      group by e.posting_id, a.currency having sum(e.amount) <> 0
      order by e.posting_id`),
  );
  for (const r of postings) {
    mismatches.push({
      kind: 'posting',
      postingId: Number(r.posting_id),
      currency: String(r.currency),
      sum: canonical(String(r.total)),
    });
  }
  const books = rowsOf(
    await db.execute(sql`
      select currency, sum(balance)::text as total from accounts
      group by currency having sum(balance) <> 0 order by currency`),
  );
  for (const r of books) {
    mismatches.push({ kind: 'books', currency: String(r.currency), total: canonical(String(r.total)) });
  }

  // Demo money apart (docs/decisions/0063-demo-accounts.md): an account is demo when its owner is a demo
  // account, or it is the demo house. Their sum is zero per currency, and no posting crosses the line.
  const demoSide = sql`(a.wallet = 'demo' or coalesce(u.is_demo, false))`;
  const demoBooks = rowsOf(
    await db.execute(sql`
      select a.currency, sum(a.balance)::text as total
      from accounts a left join users u on u.id = a.user_id
      where ${demoSide}
      group by a.currency having sum(a.balance) <> 0 order by a.currency`),
  );
  for (const r of demoBooks) {
    mismatches.push({ kind: 'demo_books', currency: String(r.currency), total: canonical(String(r.total)) });
  }
  const mixed = rowsOf(
    await db.execute(sql`
      select e.posting_id
      from ledger_entries e join accounts a on a.id = e.account_id left join users u on u.id = a.user_id
      group by e.posting_id having bool_or(${demoSide}) and not bool_and(${demoSide})
      order by e.posting_id`),
  );
  for (const r of mixed) mismatches.push({ kind: 'demo_mixed', postingId: Number(r.posting_id) });

  return {
    accounts: Number(totals.accounts),
    entries: Number(totals.entries),
    transactions: Number(totals.transactions),
    trades: Number(totals.trades),
    mismatches,
  };
}
