/**
 * The ledger check's rule for spot orders (ledger/check.ts `LedgerRule`, docs/architecture.md "Spot
 * orders"): on its owner's funding wallet, per currency, a resting order holds `held` (USDT of a buy, the
 * coin of a sell); a filled one paid `total` USDT for its quantity (buy) or got `total` USDT for it
 * (sell); a cancelled one moved nothing.
 */
import { sql } from 'drizzle-orm';
import type { LedgerRule } from '../ledger/index.js';

/** The `ref_type` of this product's ledger entries: they point at its record's id. */
export const SPOT_REF = 'spot_order';

export const spotLedgerRule: LedgerRule = {
  refType: SPOT_REF,
  records: sql`select id, user_id, status, side, coin, held, total, quantity from spot_orders`,
  expected: sql`values
    ('funding', 'USDT', case when r.status = 'open' and r.side = 'buy' then -r.held
                             when r.status = 'filled' and r.side = 'buy' then -r.total
                             when r.status = 'filled' and r.side = 'sell' then r.total
                             else 0 end),
    ('funding', r.coin, case when r.status = 'open' and r.side = 'sell' then -r.held
                             when r.status = 'filled' and r.side = 'buy' then r.quantity
                             when r.status = 'filled' and r.side = 'sell' then -r.quantity
                             else 0 end)`,
};
