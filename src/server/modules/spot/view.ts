/** Spot orders as the API shows them (src/shared/api/spot.ts). */
import type { SpotOrder } from '../../../shared/api/spot.js';
import { QUOTE_CURRENCY } from '../../../shared/constants.js';
import type { SpotOrderRow } from './lifecycle.js';

const iso = (date: Date | null) => (date ? date.toISOString() : null);

export function toSpotOrder(row: SpotOrderRow): SpotOrder {
  return {
    order_id: row.id,
    symbol: `${row.coin}${QUOTE_CURRENCY}`,
    coin: row.coin,
    side: row.side,
    type: row.orderType,
    quantity: row.quantity,
    price: row.limitPrice,
    status: row.status,
    filled_price: row.filledPrice,
    fee: row.fee,
    total: row.total,
    held: row.held,
    created_at: row.createdAt.toISOString(),
    filled_at: iso(row.filledAt),
    cancelled_at: iso(row.cancelledAt),
  };
}
