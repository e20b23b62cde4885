/**
 * A get-active-trades item for the web tests of the Lever screen: an open 0.1 BTC long at 60000, 100x
 * (margin 60, liquidation 59400), priced at 60150.05 with 15.005 USDT of P/L; each test overrides what
 * it is about.
 */
import type { TradeItem } from '../../src/shared/api/trade';
import type { TradeRow } from '../../src/server/modules/trades/lifecycle.js';

export const tradeItem = (fields: Partial<TradeItem> = {}): TradeItem => ({
  trade_id: 7,
  coin: 'BTC',
  pair: 'BTC/USDT',
  hands: '0.1',
  trade_type: 'buy',
  starting_price: '60000',
  profit_loss: 15.005,
  profit_loss_decimal: '15.005',
  is_closed: false,
  status: 'open',
  leverage: 100,
  margin: '60',
  order_type: 'market',
  limit_price: null,
  liquidation_price: '59400',
  open_fee: '3',
  close_fee: '0',
  current_price: '60150.05',
  price_stale: false,
  close_price: null,
  closed_balance: null,
  created_at: '2026-01-01T00:00:00.000Z',
  opened_at: '2026-01-01T00:00:00.000Z',
  closed_at: null,
  take_profit: null,
  stop_loss: null,
  close_reason: null,
  parent_trade_id: null,
  ...fields,
});

/** A resting limit order at 59000 (placed, not filled yet). */
export const restingOrder = (fields: Partial<TradeItem> = {}): TradeItem =>
  tradeItem({
    trade_id: 9,
    status: 'pending',
    order_type: 'limit',
    limit_price: '59000',
    starting_price: '59000',
    profit_loss_decimal: '0',
    ...fields,
  });

/** A trades row as the server reads it (an open 1 BTC market long at 1, 100x), for the view's unit tests and the tick bench. */
export const tradeRow = (fields: Partial<TradeRow> = {}): TradeRow => ({
  id: 1,
  userId: 1,
  coin: 'BTC',
  tradeType: 'buy',
  hands: '1',
  leverage: 100,
  orderType: 'market',
  limitPrice: null,
  status: 'open',
  entryPrice: '1',
  closePrice: null,
  margin: '1',
  openFee: '0',
  closeFee: '0',
  liquidationPrice: null,
  profitLoss: null,
  openedAt: new Date(0),
  closedAt: null,
  createdAt: new Date(0),
  takeProfit: null,
  stopLoss: null,
  closeReason: null,
  parentId: null,
  ...fields,
});
