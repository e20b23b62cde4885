/**
 * Spot order bodies as a client sends them (docs/architecture.md "Spot orders"), shared by the
 * service tests (tests/services/spot.test.ts) and the route tests (tests/api/spot-orders.test.ts).
 */
type Side = 'buy' | 'sell';

/** A limit order's body: `quantity` of the coin at `price`, BTCUSDT unless another symbol is named. */
export const limitOrder = (side: Side, quantity: string, price: string, symbol = 'BTCUSDT') =>
  ({ symbol, side, type: 'limit', quantity, price }) as const;

/** A market order's body: `quantity` of the coin at the market, BTCUSDT unless another symbol is named. */
export const marketOrder = (side: Side, quantity: string, symbol = 'BTCUSDT') =>
  ({ symbol, side, type: 'market', quantity }) as const;
