/**
 * The ledger check's rule for converts (ledger/check.ts `LedgerRule`, docs/decisions/0053-convert.md):
 * once executed, -amount of `from` and +received of `to` on its owner's funding wallet; a quote never
 * executed moved nothing.
 */
import { sql } from 'drizzle-orm';
import type { LedgerRule } from '../ledger/index.js';

/** The `ref_type` of this product's ledger entries: they point at its record's id. */
export const CONVERT_REF = 'convert';

export const convertLedgerRule: LedgerRule = {
  refType: CONVERT_REF,
  records: sql`select id, user_id, case when executed_at is null then 'quoted' else 'executed' end as status,
                      from_currency, to_currency, amount, received, executed_at
               from convert_quotes`,
  expected: sql`values
    ('funding', r.from_currency, case when r.executed_at is not null then -r.amount else 0 end),
    ('funding', r.to_currency, case when r.executed_at is not null then r.received else 0 end)`,
};
