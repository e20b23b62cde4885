/**
 * Spot orders, trades and balances in the exchange's response shapes (docs/decisions/0033-api-keys.md "Private API on our
 * real rules"; docs/architecture.md "Private API"): numbers as strings with 8 decimals, times in
 * ms, statuses NEW / FILLED / CANCELED. Each filled order is one trade (the house is the
 * counterparty of the whole quantity), its id the order's.
 */
import { QUOTE_CURRENCY } from '../../../shared/constants.js';
import { add, dec, sub } from '../../../shared/money.js';
import type { SpotOrderRow } from '../spot/index.js';

export const fixed8 = (value: string | null | undefined) => dec(value ?? '0').toFixed(8);

const STATUS = { open: 'NEW', filled: 'FILLED', cancelled: 'CANCELED' } as const;

/** The client order id: the one the bot gave, else one made from the order id (orders from the app). */
const clientIdOf = (row: SpotOrderRow, clientId: string | undefined) => clientId ?? `coinfront-${row.id}`;
/** An order id from a client order id we made. */
export const orderIdOfClientId = (clientId: string): number | null => {
  const match = /^coinfront-(\d{1,15})$/.exec(clientId);
  return match ? Number(match[1]) : null;
};

/** The USDT value of a fill before the fee: what a buy paid less the fee, what a sell got plus it. */
function quoteValue(row: SpotOrderRow): string {
  if (row.status !== 'filled' || row.total === null) return '0';
  return (row.side === 'buy' ? sub(row.total, row.fee) : add(row.total, row.fee)).toFixed();
}

/** A resting limit order that filled later was a maker; anything filled as it was placed, a taker. */
const isMaker = (row: SpotOrderRow) =>
  row.orderType === 'limit' && row.filledAt !== null && row.filledAt.getTime() > row.createdAt.getTime();

const updateTime = (row: SpotOrderRow) => (row.filledAt ?? row.cancelledAt ?? row.createdAt).getTime();

function common(row: SpotOrderRow, clientId: string | undefined) {
  const filled = row.status === 'filled';
  return {
    symbol: `${row.coin}${QUOTE_CURRENCY}`,
    orderId: row.id,
    orderListId: -1,
    clientOrderId: clientIdOf(row, clientId),
    price: fixed8(row.limitPrice),
    origQty: fixed8(row.quantity),
    executedQty: fixed8(filled ? row.quantity : '0'),
    cummulativeQuoteQty: fixed8(quoteValue(row)),
    status: STATUS[row.status],
    timeInForce: 'GTC',
    type: row.orderType === 'limit' ? 'LIMIT' : 'MARKET',
    side: row.side === 'buy' ? 'BUY' : 'SELL',
  };
}

/** GET /api/v3/order, openOrders, allOrders. */
export function orderView(row: SpotOrderRow, clientId: string | undefined) {
  return {
    ...common(row, clientId),
    stopPrice: fixed8('0'),
    icebergQty: fixed8('0'),
    time: row.createdAt.getTime(),
    updateTime: updateTime(row),
    isWorking: true,
    workingTime: row.createdAt.getTime(),
    origQuoteOrderQty: fixed8('0'),
    selfTradePreventionMode: 'NONE',
  };
}

/** The fill of a filled order, as newOrderRespType=FULL lists it. */
function fillsOf(row: SpotOrderRow) {
  if (row.status !== 'filled') return [];
  return [
    {
      price: fixed8(row.filledPrice),
      qty: fixed8(row.quantity),
      commission: fixed8(row.fee),
      commissionAsset: QUOTE_CURRENCY,
      tradeId: row.id,
    },
  ];
}

/** POST /api/v3/order's answer: ACK, RESULT or FULL. */
export function placedView(row: SpotOrderRow, clientId: string, respType: 'ACK' | 'RESULT' | 'FULL') {
  const ack = { symbol: `${row.coin}${QUOTE_CURRENCY}`, orderId: row.id, orderListId: -1, clientOrderId: clientId };
  const transactTime = row.createdAt.getTime();
  if (respType === 'ACK') return { ...ack, transactTime };
  const result = {
    ...common(row, clientId),
    transactTime,
    origQuoteOrderQty: fixed8('0'),
    workingTime: transactTime,
    selfTradePreventionMode: 'NONE',
  };
  return respType === 'RESULT' ? result : { ...result, fills: fillsOf(row) };
}

/** DELETE /api/v3/order's and openOrders' answer. */
export function cancelledView(row: SpotOrderRow, clientId: string | undefined, cancelClientId: string) {
  return {
    ...common(row, cancelClientId),
    origClientOrderId: clientIdOf(row, clientId),
    transactTime: (row.cancelledAt ?? row.createdAt).getTime(),
    origQuoteOrderQty: fixed8('0'),
    selfTradePreventionMode: 'NONE',
  };
}

/** GET /api/v3/myTrades: one trade per filled order. */
export function tradeView(row: SpotOrderRow) {
  return {
    symbol: `${row.coin}${QUOTE_CURRENCY}`,
    id: row.id,
    orderId: row.id,
    orderListId: -1,
    price: fixed8(row.filledPrice),
    qty: fixed8(row.quantity),
    quoteQty: fixed8(quoteValue(row)),
    commission: fixed8(row.fee),
    commissionAsset: QUOTE_CURRENCY,
    time: (row.filledAt ?? row.createdAt).getTime(),
    isBuyer: row.side === 'buy',
    isMaker: isMaker(row),
    isBestMatch: true,
  };
}

/**
 * The user data stream's executionReport of an order (docs/decisions/0035-user-data-stream.md): NEW
 * when placed, TRADE (status FILLED, the whole quantity in one trade whose id is the order's) or
 * CANCELED. `E` is when the event is sent, `T` when the change happened.
 */
export function executionReport(
  row: SpotOrderRow,
  clientId: string | undefined,
  execution: 'NEW' | 'TRADE' | 'CANCELED',
  eventTime: number,
) {
  const trade = execution === 'TRADE';
  const client = clientIdOf(row, clientId);
  const quote = fixed8(trade ? quoteValue(row) : '0');
  const transactTime =
    execution === 'NEW' ? row.createdAt.getTime() : trade ? row.filledAt!.getTime() : updateTime(row);
  return {
    e: 'executionReport',
    E: eventTime,
    s: `${row.coin}${QUOTE_CURRENCY}`,
    c: client,
    S: row.side === 'buy' ? 'BUY' : 'SELL',
    o: row.orderType === 'limit' ? 'LIMIT' : 'MARKET',
    f: 'GTC',
    q: fixed8(row.quantity),
    p: fixed8(row.limitPrice),
    P: fixed8('0'),
    F: fixed8('0'),
    g: -1,
    // The client order id of the order a cancel ended (the exchange's "original client order id").
    C: execution === 'CANCELED' ? client : '',
    x: execution,
    X: execution === 'NEW' ? 'NEW' : trade ? 'FILLED' : 'CANCELED',
    r: 'NONE',
    i: row.id,
    l: fixed8(trade ? row.quantity : '0'),
    z: fixed8(trade ? row.quantity : '0'),
    L: fixed8(trade ? row.filledPrice : '0'),
    n: fixed8(trade ? row.fee : '0'),
    N: trade ? QUOTE_CURRENCY : null,
    T: transactTime,
    t: trade ? row.id : -1,
    I: row.id,
    w: execution === 'NEW' && row.orderType === 'limit',
    m: trade && isMaker(row),
    M: false,
    O: row.createdAt.getTime(),
    Z: quote,
    Y: quote,
    Q: fixed8('0'),
    W: row.createdAt.getTime(),
    V: 'NONE',
  };
}
