/**
 * The ledger check's rule for leveraged trades (ledger/check.ts `LedgerRule`): their entries point at
 * the trade with ref_type 'trade', on its trader's lever wallet in USDT.
 */
import { sql } from 'drizzle-orm';
import type { Queryable } from '../../db/database.js';
import { canonical } from '../../../shared/money.js';
import { rowsOf, type LedgerMismatch, type LedgerRule } from '../ledger/index.js';

// What each trade must have moved on its trader's account (docs/architecture.md section 5): margin and
// opening fee while pending or open; once closed, margin + fee out and margin + P/L - closing fee back
// (never below 0); a liquidation loses exactly the margin (P/L = -margin) and pays nothing back; 0 when revoked.
// A partial close's row (parent_id, docs/decisions/0025) took its margin and fee from its parent's, which
// paid them: a position and the parts closed from it are checked together, as one family.
async function tradeMismatches(db: Queryable): Promise<LedgerMismatch[]> {
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
  return trades.map((r) => ({
    kind: 'trade',
    tradeId: Number(r.id),
    status: String(r.status),
    margin: canonical(String(r.margin)),
    profitLoss: r.profit_loss === null ? null : canonical(String(r.profit_loss)),
    expectedNet: canonical(String(r.expected)),
    net: canonical(String(r.net)),
  }));
}

/** The `ref_type` of this product's ledger entries: they point at its record's id. */
export const TRADE_REF = 'trade';

export const tradesLedgerRule: LedgerRule = {
  refType: TRADE_REF,
  records: sql`select id, user_id, status from trades`,
  account: sql`a.wallet = 'lever' and a.currency = 'USDT'`,
  check: tradeMismatches,
};
