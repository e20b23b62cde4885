/**
 * The ledger check's rule for bonus releases (ledger/check.ts `LedgerRule`, docs/decisions/0047): a
 * release moved exactly its lock's released amount from its owner's bonus USDT to their funding USDT, and
 * nothing while the lock is open; no leg is the house's.
 */
import { sql } from 'drizzle-orm';
import type { LedgerRule } from '../ledger/index.js';

/** The `ref_type` of this product's ledger entries: they point at its record's id. */
export const BONUS_LOCK_REF = 'bonus_lock';

export const bonusLockLedgerRule: LedgerRule = {
  refType: BONUS_LOCK_REF,
  records: sql`select id, user_id, case when released_at is null then 'open' else 'released' end as status,
                      released_amount
               from bonus_locks`,
  expected: sql`values
    ('funding', 'USDT', coalesce(r.released_amount, 0)),
    ('bonus', 'USDT', -coalesce(r.released_amount, 0))`,
  customerOnly: true,
};
