/**
 * The ledger check's rule for deposits, withdrawals, transfers and bonuses (ledger/check.ts `LedgerRule`):
 * their entries point at the transaction with ref_type 'transaction'.
 */
import { sql } from 'drizzle-orm';
import type { Queryable } from '../../db/database.js';
import { canonical } from '../../../shared/money.js';
import { rowsOf, type LedgerMismatch, type LedgerRule } from '../ledger/index.js';

/** The `ref_type` of a transaction's ledger entries: they point at its id. */
export const TRANSACTION_REF = 'transaction';

// What each transaction must have moved, by type and status; a successful transfer also needs its
// two legs, exactly the amount out and the amount in.
async function transactionMismatches(db: Queryable): Promise<LedgerMismatch[]> {
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
  return transactions.map((r) => ({
    kind: 'transaction',
    transactionId: Number(r.id),
    type: String(r.type),
    status: String(r.status),
    amount: canonical(String(r.amount)),
    expectedNet: canonical(String(r.expected)),
    net: canonical(String(r.net)),
    entries: Number(r.n),
  }));
}

export const transactionsLedgerRule: LedgerRule = {
  refType: TRANSACTION_REF,
  records: sql`select id, user_id, status, type, currency, transfer_from, transfer_to from transactions`,
  // A deposit or withdrawal on the funding wallet, a transfer's debit on transfer_from and credit on
  // transfer_to, a bonus on funding or bonus; always in the transaction's currency.
  account: sql`a.currency = r.currency
    and ((r.type = 'bonus' and a.wallet in ('funding', 'bonus'))
      or (r.type <> 'bonus' and a.wallet = case when r.type <> 'transfer' then 'funding'
                                  when e.amount < 0 then r.transfer_from else r.transfer_to end))`,
  check: transactionMismatches,
};
