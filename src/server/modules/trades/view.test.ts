/**
 * The positions push's serialised items (view.ts `tradeItemJson`, docs/decisions/0059-cpu-per-trader.md)
 * are the very text of the item get-active-trades shows, at every mark, and a row priced again at
 * another mark never keeps the text of the last one.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { TradeRow } from './lifecycle.js';
import type { Mark } from './marks.js';
import { toTradeItem, tradeItemJson } from './view.js';
import { tradeRow } from '../../../../tests/helpers/trade-item.js';

const amount = fc
  .tuple(fc.integer({ min: 0, max: 99_999 }), fc.integer({ min: 0, max: 99_999_999 }))
  .map(([whole, fraction]) =>
    fraction === 0 ? `${whole}` : `${whole}.${`${fraction}`.padStart(8, '0')}`.replace(/0+$/, ''),
  );
const positive = amount.filter((value) => Number(value) > 0);
const date = fc.integer({ min: 0, max: 4_000_000_000_000 }).map((ms) => new Date(ms));
const mark: fc.Arbitrary<Mark | null> = fc.option(fc.record({ price: positive, stale: fc.boolean() }), { nil: null });

const row: fc.Arbitrary<TradeRow> = fc
  .record({
    id: fc.integer({ min: 1, max: 2 ** 40 }),
    userId: fc.integer({ min: 1, max: 1000 }),
    coin: fc.constantFrom('BTC', 'ETH', 'DOGE'),
    tradeType: fc.constantFrom('buy' as const, 'sell' as const),
    hands: positive,
    leverage: fc.integer({ min: 1, max: 125 }),
    orderType: fc.constantFrom('market' as const, 'limit' as const),
    limitPrice: positive,
    status: fc.constantFrom(
      'pending' as const,
      'open' as const,
      'closed' as const,
      'liquidated' as const,
      'cancelled' as const,
    ),
    entryPrice: positive,
    closePrice: fc.option(positive, { nil: null }),
    margin: amount,
    openFee: amount,
    closeFee: amount,
    liquidationPrice: fc.option(positive, { nil: null }),
    profitLoss: fc.option(
      amount.chain((value) => fc.constantFrom(value, `-${value}`)),
      { nil: null },
    ),
    openedAt: fc.option(date, { nil: null }),
    closedAt: fc.option(date, { nil: null }),
    createdAt: date,
    takeProfit: fc.option(positive, { nil: null }),
    stopLoss: fc.option(positive, { nil: null }),
    closeReason: fc.constantFrom(
      null,
      'manual' as const,
      'stop_loss' as const,
      'take_profit' as const,
      'liquidation' as const,
    ),
    parentId: fc.option(fc.integer({ min: 1, max: 2 ** 40 }), { nil: null }),
  })
  // A pending order has no entry yet (it is shown at its limit).
  .map((fields) => ({ ...fields, entryPrice: fields.status === 'pending' ? null : fields.entryPrice }) as TradeRow);

describe('tradeItemJson', () => {
  it('is JSON.stringify(toTradeItem(row, mark)) for every row and mark, also priced again at other marks', () => {
    fc.assert(
      fc.property(row, fc.array(mark, { minLength: 1, maxLength: 5 }), (trade, marks) => {
        for (const at of marks) expect(tradeItemJson(trade, at)).toBe(JSON.stringify(toTradeItem(trade, at)));
      }),
      { numRuns: 500 },
    );
  });

  it('prices again when the mark moves or goes stale, and a new row of the trade shows its new state', () => {
    const open = {
      ...tradeRow({ id: 9, status: 'open', entryPrice: '60000', hands: '0.1', margin: '60' }),
    };
    expect(JSON.parse(tradeItemJson(open, { price: '60100', stale: false }))).toMatchObject({
      profit_loss_decimal: '10',
      current_price: '60100',
      price_stale: false,
    });
    expect(JSON.parse(tradeItemJson(open, { price: '60200', stale: false })).profit_loss_decimal).toBe('20');
    expect(JSON.parse(tradeItemJson(open, { price: '60200', stale: true })).price_stale).toBe(true);
    // A loss is shown no larger than the margin.
    expect(JSON.parse(tradeItemJson(open, { price: '1', stale: false })).profit_loss_decimal).toBe('-60');
    const edited = { ...open, takeProfit: '61000' };
    expect(JSON.parse(tradeItemJson(edited, { price: '1', stale: false })).take_profit).toBe('61000');
  });
});
