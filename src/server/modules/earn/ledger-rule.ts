/**
 * The ledger check's rule for lock-up orders (ledger/check.ts `LedgerRule`, docs/decisions/0052-earn.md):
 * while active, its amount moved from its owner's funding USDT to their earn USDT; once matured, the amount
 * back plus the yield paid, the yield from the house's earn_yield; once redeemed, the amount back and
 * nothing more.
 */
import { sql } from 'drizzle-orm';
import type { LedgerRule } from '../ledger/index.js';

/** The `ref_type` of a lock-up order's ledger entries: they point at its id. */
export const LOCKUP_REF = 'lockup_order';

export const lockupLedgerRule: LedgerRule = {
  refType: LOCKUP_REF,
  records: sql`select id, user_id, status, amount, yield_paid from lockup_orders`,
  expected: sql`values
    ('funding', 'USDT', case when r.status = 'active' then -r.amount
                             when r.status = 'matured' then coalesce(r.yield_paid, 0) else 0 end),
    ('earn', 'USDT', case when r.status = 'active' then r.amount else 0 end)`,
  house: sql`values ('earn_yield', 'USDT', case when r.status = 'matured' then -coalesce(r.yield_paid, 0) else 0 end)`,
};
