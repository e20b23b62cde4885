/**
 * The ledger check's rule for fiat orders (ledger/check.ts `LedgerRule`, docs/decisions/0054-fiat-orders.md):
 * on its owner's legal wallet in its currency, a sell holds its amount from placing until completed (then
 * it is gone) or cancelled (then it is back); a buy is credited when completed.
 */
import { sql } from 'drizzle-orm';
import type { LedgerRule } from '../ledger/index.js';

/** The `ref_type` of this product's ledger entries: they point at its record's id. */
export const FIAT_ORDER_REF = 'fiat_order';

export const fiatLedgerRule: LedgerRule = {
  refType: FIAT_ORDER_REF,
  records: sql`select id, user_id, status, side, currency, amount from fiat_orders`,
  expected: sql`values
    ('legal', r.currency, case when r.side = 'sell' and r.status <> 'cancelled' then -r.amount
                               when r.side = 'buy' and r.status = 'completed' then r.amount
                               else 0 end)`,
};
