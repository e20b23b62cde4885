/**
 * The ledger check's rule for custody sends (ledger/check.ts `LedgerRule`, docs/decisions/0065): a send's
 * gas, once final, moved exactly its network fee in ETH from the house's fees to its deposits, and nothing
 * on any customer's account.
 */
import { sql } from 'drizzle-orm';
import type { LedgerRule } from '../ledger/index.js';

/** The `ref_type` of the gas booked for a custody send: its entries point at the send's id. */
export const CUSTODY_SEND_REF = 'custody_send';

export const custodySendLedgerRule: LedgerRule = {
  refType: CUSTODY_SEND_REF,
  records: sql`select id, null::bigint as user_id, status, network_fee from custody_sends`,
  // No customer entry belongs to a send.
  account: sql`false`,
  house: sql`values
    ('fees', 'ETH', -coalesce(r.network_fee, 0)),
    ('deposits', 'ETH', coalesce(r.network_fee, 0))`,
};
