/**
 * The pure pieces of trading without arithmetic (docs/decisions/0061-trade-form.md): a USDT size turned
 * into hands (rounded down, the margin never above what was typed), the leverage remembered per user and
 * coin, and the Close sheet's estimate from the server's own settlement rule.
 */
import { describe, expect, it } from 'vitest';
import { TRADE_MSG, tradeRulesOf, type TradeItem } from '../../../shared/api/trade';
import { msg } from '../../../shared/message';
import { DEFAULT_MAINTENANCE_MARGIN_RATE, DEFAULT_TRADE_FEE_RATE } from '../../../shared/constants';
import { cmp, dec, partShare, tradeMargin, tradeSettlement } from '../../../shared/money';
import { closeEstimate } from './close-estimate';
import { rememberLeverage, rememberedLeverage } from './leverage-memory';
import { handsForMargin, previewOrder, type OrderDraft } from './order-form';

const RULES = tradeRulesOf({ feeRate: DEFAULT_TRADE_FEE_RATE, maintenanceRate: DEFAULT_MAINTENANCE_MARGIN_RATE });

describe('a size in USDT', () => {
  it('is the margin: usdt x leverage / price in hands, rounded down to 8 places', () => {
    expect(handsForMargin('100', '60000', 100)).toBe('0.16666666');
    expect(handsForMargin('100', '60000', 10)).toBe('0.01666666');
    expect(handsForMargin('600', '60000', 10)).toBe('0.1');
  });

  it('never takes a margin above what was typed, whatever the price and leverage', () => {
    const prices = ['60000', '3123.45', '0.00001234', '1.05', '97777.77777777'];
    const sizes = ['0.01', '1', '12.34567891', '100', '99999.99999999'];
    for (const price of prices)
      for (const usdt of sizes)
        for (const leverage of [1, 10, 30, 50, 100] as const) {
          const hands = handsForMargin(usdt, price, leverage)!;
          expect(
            cmp(tradeMargin(hands, price, leverage), usdt),
            `${usdt} at ${price} x${leverage}`,
          ).toBeLessThanOrEqual(0);
          // Rounded down to the step, not further: one more step would cost more than was typed.
          const next = dec(hands).plus('0.00000001');
          expect(next.times(price).div(leverage).gt(usdt), `${usdt} at ${price} x${leverage}`).toBe(true);
        }
  });

  it('is nothing without a price or a positive amount', () => {
    expect(handsForMargin('100', null, 100)).toBeNull();
    expect(handsForMargin('-1', '60000', 100)).toBeNull();
    expect(handsForMargin('1e3', '60000', 100)).toBeNull();
    expect(handsForMargin('0', '60000', 100)).toBeNull();
  });

  const draft = (fields: Partial<OrderDraft>): OrderDraft => ({
    coin: 'BTC',
    side: 'buy',
    orderType: 'market',
    leverage: 100,
    hands: '100',
    sizeUnit: 'usdt',
    limitPrice: '',
    currentPrice: '60000',
    balance: '1000',
    rules: RULES,
    ...fields,
  });

  it('sends the converted hands in coin, as the API takes them, at the price the preview shows', () => {
    const preview = previewOrder(draft({}));
    expect(preview.hands).toBe('0.16666666');
    expect(preview.payload?.hands).toBe('0.16666666');
    expect(cmp(preview.margin!, '100')).toBeLessThanOrEqual(0);
    // A limit order converts at its limit price.
    const limit = previewOrder(draft({ orderType: 'limit', limitPrice: '50000' }));
    expect(limit.payload?.hands).toBe('0.2');
    expect(limit.margin).toBe('100');
  });

  it('says what is wrong with a USDT size', () => {
    expect(previewOrder(draft({ hands: '' })).block?.reason).toBe(TRADE_MSG.form.enterMargin);
    expect(previewOrder(draft({ hands: 'abc' })).block).toMatchObject({
      reason: TRADE_MSG.form.enterMargin,
      field: 'hands',
    });
    expect(previewOrder(draft({ currentPrice: undefined })).block?.reason).toEqual(
      msg(TRADE_MSG.form, 'waitingForPrice', 'BTC'),
    );
    expect(previewOrder(draft({ hands: '0.00000001', leverage: 1 })).block?.reason).toEqual(
      msg(TRADE_MSG.form, 'belowMinimum', RULES.min_notional, '0.00'),
    );
  });
});

describe('the leverage remembered per coin', () => {
  it('keeps each user and coin apart', () => {
    let stored: string | null = null;
    stored = rememberLeverage(stored, '7', 'BTC', 30);
    stored = rememberLeverage(stored, '7', 'ETH', 10);
    stored = rememberLeverage(stored, '8', 'BTC', 50);
    expect(rememberedLeverage(stored, '7', 'BTC')).toBe(30);
    expect(rememberedLeverage(stored, '7', 'ETH')).toBe(10);
    expect(rememberedLeverage(stored, '8', 'BTC')).toBe(50);
    expect(rememberedLeverage(stored, '8', 'ETH')).toBeNull();
  });

  it('ignores what it cannot read', () => {
    expect(rememberedLeverage('not json', '7', 'BTC')).toBeNull();
    expect(rememberedLeverage('{"7":{"BTC":77}}', '7', 'BTC')).toBeNull();
    expect(rememberedLeverage('[1]', '7', 'BTC')).toBeNull();
    expect(rememberedLeverage(rememberLeverage('garbage', '7', 'BTC', 10), '7', 'BTC')).toBe(10);
  });
});

describe("the Close sheet's estimate", () => {
  const position: Pick<
    TradeItem,
    'trade_type' | 'hands' | 'starting_price' | 'margin' | 'open_fee' | 'current_price' | 'status'
  > = {
    trade_type: 'buy',
    hands: '0.1',
    starting_price: '60000',
    margin: '60',
    open_fee: '3',
    current_price: '61000',
    status: 'open',
  };

  it('is what the server settles for a whole close', () => {
    const estimate = closeEstimate(position, '0.1', RULES)!;
    const server = tradeSettlement('buy', '0.1', '60000', '60', '61000', RULES.fee_rate);
    expect(estimate).toMatchObject({ ...server, liquidated: false });
    expect(estimate.profitLoss).toBe('100');
    expect(estimate.closeFee).toBe('3.05');
    expect(estimate.net).toBe('93.95'); // 100 - 3.05 closing - 3 opening
  });

  it('takes the closed part its share of margin and opening fee, as closePart does', () => {
    const estimate = closeEstimate(position, '0.03', RULES)!;
    const margin = partShare('60', '0.03', '0.1');
    expect(estimate).toMatchObject(tradeSettlement('buy', '0.03', '60000', margin, '61000', RULES.fee_rate));
  });

  it('says a position at its liquidation price pays nothing back', () => {
    const estimate = closeEstimate({ ...position, current_price: '59000' }, '0.1', RULES)!;
    expect(estimate).toMatchObject({ liquidated: true, payout: '0', profitLoss: '-60', net: '-63' });
  });

  it('is nothing without a mark, rules or a valid size', () => {
    expect(closeEstimate({ ...position, current_price: null }, '0.1', RULES)).toBeNull();
    expect(closeEstimate(position, '0.1', undefined)).toBeNull();
    expect(closeEstimate(position, '0.2', RULES)).toBeNull();
  });
});
