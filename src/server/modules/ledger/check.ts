/**
 * The ledger's invariants, checkable at any time (docs/architecture.md section 4, `npm run ledger:check`):
 * every balance equals the sum of its entries and its latest balance_after, no customer balance is
 * negative, every posting sums to zero per currency and so does every currency's set of accounts
 * (double entry), and every deposit, withdrawal, transfer, bonus and trade moved exactly what its status
 * says on its customer's accounts (its owner's wallet and currency), and so did every spot order,
 * convert (docs/decisions/0053), bonus release (docs/decisions/0047) and fiat order (0054), and every custody
 * send's gas on the house alone (0065), with no entry pointing at nothing.
 */
import { sql } from 'drizzle-orm';
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
      /** A spot order that did not move exactly what its status says on its owner's funding wallet, in one currency. */
      kind: 'spot_order';
      orderId: number;
      status: string;
      currency: string;
      expectedNet: string;
      net: string;
    }
  | {
      /** An executed convert that did not move exactly -amount of `from` and +received of `to` on its owner's funding wallet (0053), or an unexecuted one that moved anything. */
      kind: 'convert';
      quoteId: number;
      currency: string;
      expectedNet: string;
      net: string;
    }
  | {
      /** A bonus lock whose release did not move exactly its released amount from bonus to funding (0047). */
      kind: 'bonus_lock';
      lockId: number;
      released: string;
      credited: string;
      debited: string;
    }
  | {
      /** A fiat order that did not move exactly what its status says on its owner's legal wallet (0054). */
      kind: 'fiat_order';
      orderId: number;
      status: string;
      expectedNet: string;
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
const rowsOf = (result: unknown): Row[] => (result as { rows: Row[] }).rows;

export async function checkLedger(db: Queryable): Promise<LedgerReport> {
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

  // What each transaction must have moved, by type and status; a successful transfer also needs its
  // two legs, exactly the amount out and the amount in.
  const transactions = rowsOf(
    await db.execute(sql`
      select t.id, t.type, t.status, t.amount::text as amount, x.expected::text as expected,
             coalesce(e.net, 0)::text as net, coalesce(e.n, 0) as n
      from transactions t
      cross join lateral (select case
          when t.type = 'deposit' and t.status = 'successful' then t.amount
          when t.type = 'bonus' and t.status = 'successful' then t.amount
          when t.type = 'withdrawal' and t.status in ('pending', 'successful') then -t.amount
          else 0 end as expected) x
      left join (
        select ref_id, sum(e.amount) as net, count(*) as n, min(e.amount) as low, max(e.amount) as high
        from ledger_entries e join accounts a on a.id = e.account_id
        where e.ref_type = 'transaction' and a.user_id is not null group by ref_id
      ) e on e.ref_id = t.id
      where coalesce(e.net, 0) <> x.expected
         or (t.type = 'transfer' and t.status = 'successful'
             and (coalesce(e.n, 0) <> 2 or e.low <> -t.amount or e.high <> t.amount))
      order by t.id`),
  );
  for (const r of transactions) {
    mismatches.push({
      kind: 'transaction',
      transactionId: Number(r.id),
      type: String(r.type),
      status: String(r.status),
      amount: canonical(String(r.amount)),
      expectedNet: canonical(String(r.expected)),
      net: canonical(String(r.net)),
      entries: Number(r.n),
    });
  }

  // What each trade must have moved on its trader's account (docs/architecture.md section 5): margin and
  // opening fee while pending or open; once closed, margin + fee out and margin + P/L - closing fee back
  // (never below 0); a liquidation loses exactly the margin (P/L = -margin) and pays nothing back; 0 when revoked.
  // A partial close's row (parent_id, docs/decisions/0025) took its margin and fee from its parent's, which
  // paid them: a position and the parts closed from it are checked together, as one family.
  const trades = rowsOf(
    await db.execute(sql`
      with expected as (
        select t.id, coalesce(t.parent_id, t.id) as family, t.status, t.margin, t.profit_loss, case
            when t.status in ('pending', 'open') then -t.margin - t.open_fee
            when t.status = 'closed' then
              -t.margin - t.open_fee + greatest(t.margin + coalesce(t.profit_loss, 0) - t.close_fee, 0)
            when t.status = 'liquidated' then -t.margin - t.open_fee
            else 0 end as expected
        from trades t),
      families as (select family, sum(expected) as expected from expected group by family),
      nets as (
        select coalesce(t.parent_id, t.id) as family, sum(e.amount) as net
        from ledger_entries e
        join accounts a on a.id = e.account_id
        join trades t on t.id = e.ref_id
        where e.ref_type = 'trade' and a.user_id is not null group by 1)
      select x.id, x.status, x.margin::text as margin, x.profit_loss::text as profit_loss,
             f.expected::text as expected, coalesce(n.net, 0)::text as net
      from expected x
      join families f on f.family = x.family
      left join nets n on n.family = x.family
      where (x.id = x.family and coalesce(n.net, 0) <> f.expected)
         or (x.status in ('closed', 'liquidated') and (x.profit_loss is null or x.profit_loss < -x.margin))
         or (x.status = 'liquidated' and x.profit_loss <> -x.margin)
      order by x.id`),
  );
  for (const r of trades) {
    mismatches.push({
      kind: 'trade',
      tradeId: Number(r.id),
      status: String(r.status),
      margin: canonical(String(r.margin)),
      profitLoss: r.profit_loss === null ? null : canonical(String(r.profit_loss)),
      expectedNet: canonical(String(r.expected)),
      net: canonical(String(r.net)),
    });
  }

  // What each entry of a transaction or trade refers to exists; and a customer's entry is on its
  // owner's account: a deposit or withdrawal on the funding wallet, a transfer's debit on transfer_from
  // and credit on transfer_to, a trade on the lever wallet's USDT (the house's legs are on house accounts).
  const entries = rowsOf(
    await db.execute(sql`
      select e.id, e.ref_type, e.ref_id, e.account_id,
             (t.id is null and tr.id is null) as orphan
      from ledger_entries e
      join accounts a on a.id = e.account_id
      left join transactions t on e.ref_type = 'transaction' and t.id = e.ref_id
      left join trades tr on e.ref_type = 'trade' and tr.id = e.ref_id
      where e.ref_type in ('transaction', 'trade')
        and ((t.id is null and tr.id is null)
          or (a.user_id is not null
              and ((t.id is not null and (a.user_id <> t.user_id or a.currency <> t.currency
                      or (t.type = 'bonus' and a.wallet not in ('funding', 'bonus'))
                      or (t.type <> 'bonus' and a.wallet <> case when t.type <> 'transfer' then 'funding'
                                          when e.amount < 0 then t.transfer_from else t.transfer_to end)))
                or (tr.id is not null and (a.user_id <> tr.user_id or a.wallet <> 'lever' or a.currency <> 'USDT')))))
      order by e.id`),
  );
  for (const r of entries) {
    mismatches.push({
      kind: 'entry',
      entryId: Number(r.id),
      refType: String(r.ref_type),
      refId: Number(r.ref_id),
      accountId: Number(r.account_id),
      problem: r.orphan ? 'no_such_ref' : 'wrong_account',
    });
  }

  // What each spot order moved on its owner's funding wallet (docs/architecture.md "Spot orders"), per
  // currency: a resting order holds `held` (USDT of a buy, the coin of a sell); a filled one paid
  // `total` USDT for its quantity (buy) or got `total` USDT for it (sell); a cancelled one, nothing.
  const spot = rowsOf(
    await db.execute(sql`
      select o.id, o.status, x.currency, x.expected::text as expected, coalesce(e.net, 0)::text as net
      from spot_orders o
      cross join lateral (values
        ('USDT', case when o.status = 'open' and o.side = 'buy' then -o.held
                      when o.status = 'filled' and o.side = 'buy' then -o.total
                      when o.status = 'filled' and o.side = 'sell' then o.total
                      else 0 end),
        (o.coin, case when o.status = 'open' and o.side = 'sell' then -o.held
                      when o.status = 'filled' and o.side = 'buy' then o.quantity
                      when o.status = 'filled' and o.side = 'sell' then -o.quantity
                      else 0 end)
      ) as x(currency, expected)
      left join (
        select e.ref_id, a.currency, sum(e.amount) as net
        from ledger_entries e join accounts a on a.id = e.account_id
        where e.ref_type = 'spot_order' and a.user_id is not null group by e.ref_id, a.currency
      ) e on e.ref_id = o.id and e.currency = x.currency
      where coalesce(e.net, 0) <> coalesce(x.expected, 0) or (o.status = 'filled' and o.total is null)
      order by o.id, x.currency`),
  );
  for (const r of spot) {
    mismatches.push({
      kind: 'spot_order',
      orderId: Number(r.id),
      status: String(r.status),
      currency: String(r.currency),
      expectedNet: canonical(String(r.expected ?? '0')),
      net: canonical(String(r.net)),
    });
  }
  // A spot order's customer entries are on its owner's funding wallet, in USDT or its coin.
  const spotEntries = rowsOf(
    await db.execute(sql`
      select e.id, e.ref_id, e.account_id, o.id is null as orphan
      from ledger_entries e
      join accounts a on a.id = e.account_id
      left join spot_orders o on o.id = e.ref_id
      where e.ref_type = 'spot_order'
        and (o.id is null
          or (a.user_id is not null
              and (a.user_id <> o.user_id or a.wallet <> 'funding' or a.currency not in ('USDT', o.coin))))
      order by e.id`),
  );
  for (const r of spotEntries) {
    mismatches.push({
      kind: 'entry',
      entryId: Number(r.id),
      refType: 'spot_order',
      refId: Number(r.ref_id),
      accountId: Number(r.account_id),
      problem: r.orphan ? 'no_such_ref' : 'wrong_account',
    });
  }

  // What each convert moved on its owner's funding wallet (docs/decisions/0053-convert.md): once
  // executed, -amount of `from` and +received of `to`; a quote never executed, nothing. Its customer
  // entries are on that wallet, in those two currencies.
  const converts = rowsOf(
    await db.execute(sql`
      select q.id, x.currency, x.expected::text as expected, coalesce(e.net, 0)::text as net
      from convert_quotes q
      cross join lateral (values
        (q.from_currency, case when q.executed_at is not null then -q.amount else 0 end),
        (q.to_currency, case when q.executed_at is not null then q.received else 0 end)
      ) as x(currency, expected)
      left join (
        select e.ref_id, a.currency, sum(e.amount) as net
        from ledger_entries e join accounts a on a.id = e.account_id
        where e.ref_type = 'convert' and a.user_id is not null group by e.ref_id, a.currency
      ) e on e.ref_id = q.id and e.currency = x.currency
      where coalesce(e.net, 0) <> x.expected
      order by q.id, x.currency`),
  );
  for (const r of converts) {
    mismatches.push({
      kind: 'convert',
      quoteId: Number(r.id),
      currency: String(r.currency),
      expectedNet: canonical(String(r.expected)),
      net: canonical(String(r.net)),
    });
  }
  const convertEntries = rowsOf(
    await db.execute(sql`
      select e.id, e.ref_id, e.account_id, q.id is null as orphan
      from ledger_entries e
      join accounts a on a.id = e.account_id
      left join convert_quotes q on q.id = e.ref_id
      where e.ref_type = 'convert'
        and (q.id is null
          or (a.user_id is not null
              and (a.user_id <> q.user_id or a.wallet <> 'funding'
                or a.currency not in (q.from_currency, q.to_currency))))
      order by e.id`),
  );
  for (const r of convertEntries) {
    mismatches.push({
      kind: 'entry',
      entryId: Number(r.id),
      refType: 'convert',
      refId: Number(r.ref_id),
      accountId: Number(r.account_id),
      problem: r.orphan ? 'no_such_ref' : 'wrong_account',
    });
  }

  // A bonus release (docs/decisions/0047) moved exactly its lock's released amount from its owner's
  // bonus account to their funding USDT, and nothing while the lock is open; its entries are on those two.
  const releases = rowsOf(
    await db.execute(sql`
      select l.id, coalesce(l.released_amount, 0)::text as released,
             coalesce(sum(e.amount) filter (where a.wallet = 'funding'), 0)::text as credited,
             coalesce(sum(e.amount) filter (where a.wallet = 'bonus'), 0)::text as debited
      from bonus_locks l
      left join ledger_entries e on e.ref_type = 'bonus_lock' and e.ref_id = l.id
      left join accounts a on a.id = e.account_id
      group by l.id, l.released_amount
      having coalesce(sum(e.amount) filter (where a.wallet = 'funding'), 0) <> coalesce(l.released_amount, 0)
          or coalesce(sum(e.amount) filter (where a.wallet = 'bonus'), 0) <> -coalesce(l.released_amount, 0)
      order by l.id`),
  );
  for (const r of releases) {
    mismatches.push({
      kind: 'bonus_lock',
      lockId: Number(r.id),
      released: canonical(String(r.released)),
      credited: canonical(String(r.credited)),
      debited: canonical(String(r.debited)),
    });
  }
  const releaseEntries = rowsOf(
    await db.execute(sql`
      select e.id, e.ref_id, e.account_id, l.id is null as orphan
      from ledger_entries e
      join accounts a on a.id = e.account_id
      left join bonus_locks l on l.id = e.ref_id
      where e.ref_type = 'bonus_lock'
        and (l.id is null or a.user_id is null or a.user_id <> l.user_id
          or a.wallet not in ('bonus', 'funding') or a.currency <> 'USDT')
      order by e.id`),
  );
  for (const r of releaseEntries) {
    mismatches.push({
      kind: 'entry',
      entryId: Number(r.id),
      refType: 'bonus_lock',
      refId: Number(r.ref_id),
      accountId: Number(r.account_id),
      problem: r.orphan ? 'no_such_ref' : 'wrong_account',
    });
  }

  // What each fiat order moved on its owner's legal wallet (docs/decisions/0054-fiat-orders.md): a sell
  // holds its amount from placing until completed (then it is gone) or cancelled (then it is back); a
  // buy is credited when completed. Its customer entries are on its owner's legal wallet, in its currency.
  const fiat = rowsOf(
    await db.execute(sql`
      select o.id, o.status, x.expected::text as expected, coalesce(e.net, 0)::text as net
      from fiat_orders o
      cross join lateral (select case
          when o.side = 'sell' and o.status <> 'cancelled' then -o.amount
          when o.side = 'buy' and o.status = 'completed' then o.amount
          else 0 end as expected) x
      left join (
        select e.ref_id, sum(e.amount) as net
        from ledger_entries e join accounts a on a.id = e.account_id
        where e.ref_type = 'fiat_order' and a.user_id is not null group by e.ref_id
      ) e on e.ref_id = o.id
      where coalesce(e.net, 0) <> x.expected
      order by o.id`),
  );
  for (const r of fiat) {
    mismatches.push({
      kind: 'fiat_order',
      orderId: Number(r.id),
      status: String(r.status),
      expectedNet: canonical(String(r.expected)),
      net: canonical(String(r.net)),
    });
  }
  const fiatEntries = rowsOf(
    await db.execute(sql`
      select e.id, e.ref_id, e.account_id, o.id is null as orphan
      from ledger_entries e
      join accounts a on a.id = e.account_id
      left join fiat_orders o on o.id = e.ref_id
      where e.ref_type = 'fiat_order'
        and (o.id is null
          or (a.user_id is not null and (a.user_id <> o.user_id or a.wallet <> 'legal' or a.currency <> o.currency)))
      order by e.id`),
  );
  for (const r of fiatEntries) {
    mismatches.push({
      kind: 'entry',
      entryId: Number(r.id),
      refType: 'fiat_order',
      refId: Number(r.ref_id),
      accountId: Number(r.account_id),
      problem: r.orphan ? 'no_such_ref' : 'wrong_account',
    });
  }

  // A custody send's gas (docs/decisions/0065): only house accounts, in ETH, for a send that exists
  // and became final, and exactly its network fee taken from fees.
  const gasEntries = rowsOf(
    await db.execute(sql`
      select e.id, e.ref_id, e.account_id, s.id is null as orphan
      from ledger_entries e
      join accounts a on a.id = e.account_id
      left join custody_sends s on s.id = e.ref_id
      where e.ref_type = 'custody_send'
        and (s.id is null or a.user_id is not null or a.currency <> 'ETH' or s.network_fee is null
          or (a.wallet = 'fees' and e.amount <> -s.network_fee))
      order by e.id`),
  );
  for (const r of gasEntries) {
    mismatches.push({
      kind: 'entry',
      entryId: Number(r.id),
      refType: 'custody_send',
      refId: Number(r.ref_id),
      accountId: Number(r.account_id),
      problem: r.orphan ? 'no_such_ref' : 'wrong_account',
    });
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

  return {
    accounts: Number(totals.accounts),
    entries: Number(totals.entries),
    transactions: Number(totals.transactions),
    trades: Number(totals.trades),
    mismatches,
  };
}
