/** Trades as the API shows them (src/shared/api/trade.ts). */
import type { PricePoint, TradeHistoryItem, TradeItem } from '../../../shared/api/trade.js';
import { QUOTE_CURRENCY } from '../../../shared/constants.js';
import {
  add,
  dec,
  settledProfitLoss,
  shownProfitLoss,
  sub,
  tradePayout,
  tradeProfitLoss,
  type Dec,
} from '../../../shared/money.js';
import { isFinished, type TradeRow } from './lifecycle.js';
import type { Mark } from './marks.js';

/** The price a trade is (or will be) in at: its entry, or a pending order's limit. */
const entryOf = (row: TradeRow) => row.entryPrice ?? row.limitPrice!;

/** What closing paid back: margin + P/L for a closed or liquidated trade, the refund of a cancelled order. */
function payoutOf(row: TradeRow): string | null {
  if (!isFinished(row.status)) return null;
  if (row.status === 'cancelled') return add(row.margin, row.openFee).toFixed();
  return tradePayout(row.margin, row.profitLoss ?? '0', row.closeFee);
}

type FixedPart = Omit<TradeItem, 'profit_loss' | 'profit_loss_decimal' | 'current_price' | 'price_stale'>;

/**
 * What a trade shows that does not depend on the price, by row object: the live trades of a user
 * are remembered as the same rows until they change (service.ts), and the Lever screen asks for
 * them every second, so only the P/L is worked out again.
 */
const fixedParts = new WeakMap<TradeRow, FixedPart>();

function fixedPartOf(row: TradeRow): FixedPart {
  let fixed = fixedParts.get(row);
  if (fixed) return fixed;
  const live = !isFinished(row.status);
  const { hands, margin } = row;
  const entry = entryOf(row);
  fixed = {
    trade_id: row.id,
    coin: row.coin,
    pair: `${row.coin}/${QUOTE_CURRENCY}`,
    hands,
    trade_type: row.tradeType,
    starting_price: entry,
    is_closed: !live,
    status: row.status,
    leverage: row.leverage,
    margin,
    order_type: row.orderType,
    limit_price: row.limitPrice,
    liquidation_price: live ? row.liquidationPrice : null,
    open_fee: row.openFee,
    close_fee: row.closeFee,
    close_price: row.closePrice,
    closed_balance: payoutOf(row),
    created_at: row.createdAt.toISOString(),
    opened_at: row.openedAt?.toISOString() ?? null,
    closed_at: row.closedAt?.toISOString() ?? null,
    take_profit: row.takeProfit,
    stop_loss: row.stopLoss,
    close_reason: row.closeReason,
    parent_trade_id: row.parentId,
  };
  fixedParts.set(row, fixed);
  return fixed;
}

/** P/L now: live from the mark while open (a loss shown no larger than the margin), final once finished. */
function profitLossOf(row: TradeRow, fixed: FixedPart, mark: Mark | null): string {
  if (row.status === 'open') {
    if (!mark) return '0';
    return settledProfitLoss(
      tradeProfitLoss(row.tradeType, fixed.hands, fixed.starting_price, mark.price),
      fixed.margin,
    );
  }
  return row.profitLoss ?? '0';
}

export function toTradeItem(row: TradeRow, mark: Mark | null): TradeItem {
  const fixed = fixedPartOf(row);
  const profitLoss = profitLossOf(row, fixed, mark);
  return {
    ...fixed,
    profit_loss: Number(profitLoss),
    profit_loss_decimal: profitLoss,
    current_price: mark?.price ?? null,
    price_stale: mark === null || mark.stale,
  };
}

/**
 * The positions push's per-tick part (docs/decisions/0059-cpu-per-trader.md): a trade's item as
 * the very JSON text `JSON.stringify(toTradeItem(row, mark))` gives, without making the item. The
 * price-free part is serialised once per row (its keys come first in the item, the four priced
 * ones last), the entry, hands and margin parsed once per row, a mark's price once per tick, and
 * the text of the last mark a row was priced at is kept: only a moved mark is worked out again.
 */
interface SerialisedRow {
  /** The price-free part's JSON without its closing brace. */
  head: string;
  /** An open trade's entry, hands and margin, parsed once. */
  open?: { entry: Dec; hands: Dec; margin: Dec };
  /** The mark last priced at (its price and staleness) and the item's text at it. */
  lastMark?: string;
  lastJson?: string;
}
const serialisedRows = new WeakMap<TradeRow, SerialisedRow>();
/** A mark's price parsed once, however many trades of its coin are priced at it. */
const markDecimals = new WeakMap<Mark, Dec>();

function serialisedRowOf(row: TradeRow): SerialisedRow {
  let serialised = serialisedRows.get(row);
  if (serialised) return serialised;
  const fixed = fixedPartOf(row);
  serialised = { head: JSON.stringify(fixed).slice(0, -1) };
  if (row.status === 'open')
    serialised.open = {
      entry: dec(fixed.starting_price),
      hands: dec(fixed.hands),
      margin: dec(fixed.margin),
    };
  serialisedRows.set(row, serialised);
  return serialised;
}

/** profitLossOf's figure by the same functions, from the parsed values. */
function openProfitLoss(row: TradeRow, open: NonNullable<SerialisedRow['open']>, mark: Mark): string {
  let price = markDecimals.get(mark);
  if (!price) markDecimals.set(mark, (price = dec(mark.price)));
  return shownProfitLoss(row.tradeType, open.hands, open.entry, price, open.margin);
}

/** `JSON.stringify(toTradeItem(row, mark))`, made faster for the per-tick positions frames. */
export function tradeItemJson(row: TradeRow, mark: Mark | null): string {
  const serialised = serialisedRowOf(row);
  const markKey = mark ? (mark.stale ? `${mark.price} stale` : mark.price) : '';
  if (serialised.lastJson !== undefined && serialised.lastMark === markKey) return serialised.lastJson;
  const profitLoss =
    row.status === 'open' ? (mark ? openProfitLoss(row, serialised.open!, mark) : '0') : (row.profitLoss ?? '0');
  const json =
    `${serialised.head},"profit_loss":${JSON.stringify(Number(profitLoss))}` +
    `,"profit_loss_decimal":${JSON.stringify(profitLoss)}` +
    `,"current_price":${mark ? JSON.stringify(mark.price) : 'null'}` +
    `,"price_stale":${mark === null || mark.stale}}`;
  serialised.lastMark = markKey;
  serialised.lastJson = json;
  return json;
}

/**
 * `JSON.stringify(rows.map((row) => toTradeItem(row, mark of its coin)))`: the list GET
 * get-active-trades answers and every positions frame carries, from each row's text.
 */
export function tradeItemsJson(rows: readonly TradeRow[], marks: ReadonlyMap<string, Mark | null>): string {
  return `[${rows.map((row) => tradeItemJson(row, marks.get(row.coin) ?? null)).join(',')}]`;
}

export function toTradeHistoryItem(row: TradeRow, history: PricePoint[]): TradeHistoryItem {
  const paidBack = payoutOf(row) ?? '0';
  return {
    trade_id: row.id,
    coin: row.coin,
    prfit_loss: row.profitLoss ?? '0',
    starting_price: entryOf(row),
    trading_balance: row.margin,
    closed_balanec: paidBack,
    history,
    created_at: row.createdAt.toISOString(),
    closed_at: row.closedAt?.toISOString() ?? null,
    trade_type: row.tradeType,
    hands: row.hands,
    status: row.status,
    close_price: row.closePrice,
    leverage: row.leverage,
    order_type: row.orderType,
    open_fee: row.openFee,
    close_fee: row.closeFee,
    close_reason: row.closeReason,
    fee: add(row.openFee, row.closeFee).toFixed(),
    // After fees: what came back less what went in (a revoked order got both back: 0).
    realized_profit_loss: row.status === 'cancelled' ? '0' : sub(sub(paidBack, row.margin), row.openFee).toFixed(),
    take_profit: row.takeProfit,
    stop_loss: row.stopLoss,
    parent_trade_id: row.parentId,
  };
}
