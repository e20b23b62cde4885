/** The Lever order form's preview and its reasons to wait (margin, liquidation, leverage). */
import { describe, expect, it } from 'vitest';
import { TRADE_MSG } from '../../../shared/api/trade';
import { LEVERAGE_OPTIONS } from '../../../shared/constants';
import { formatTradePrice, formatUsdtHeld, formatUsdtNeeded } from './display';
import {
  ORDER_FORM_MSG,
  leverageLabel,
  orderIdentity,
  parseLeverage,
  previewOrder,
  type OrderDraft,
} from './order-form';

const draft = (fields: Partial<OrderDraft> = {}): OrderDraft => ({
  coin: 'BTC',
  side: 'buy',
  orderType: 'market',
  leverage: 100,
  hands: '0.1',
  limitPrice: '',
  currentPrice: '60000',
  balance: '1000',
  ...fields,
});

describe('leverage choice', () => {
  it('reads the labels the screen shows, numbers and digits alike', () => {
    expect(LEVERAGE_OPTIONS.map(leverageLabel)).toEqual(['100X', '50X', '30X', '10X']);
    expect(parseLeverage('50X')).toBe(50);
    expect(parseLeverage('30x')).toBe(30);
    expect(parseLeverage('10')).toBe(10);
    expect(parseLeverage(50)).toBe(50);
  });

  it('falls back to the default 100X for anything it does not offer', () => {
    for (const value of ['20X', '1000X', 'X', '', null, undefined, 7, '100Y']) expect(parseLeverage(value)).toBe(100);
  });
});

describe('order preview', () => {
  it('shows the margin and liquidation price of a long before it is sent', () => {
    // 0.1 BTC at 60000 is 6000 USDT; at 100X the margin is 60 and a 600 USDT fall (60 / 0.1) liquidates.
    const preview = previewOrder(draft());
    expect(preview).toMatchObject({ entryPrice: '60000', margin: '60', liquidationPrice: '59400', block: null });
    expect(preview.payload).toEqual({
      trade_type: 'buy',
      starting_price: '60000',
      coin: 'BTC',
      hands: '0.1',
      leverage: 100,
      order_type: 'market',
    });
  });

  it('puts a short’s liquidation above the entry', () => {
    expect(previewOrder(draft({ side: 'sell' })).liquidationPrice).toBe('60600');
  });

  it('takes more margin and a farther liquidation at lower leverage', () => {
    const byLeverage = LEVERAGE_OPTIONS.map((leverage) => previewOrder(draft({ leverage, balance: '10000' })));
    expect(byLeverage.map((p) => [p.margin, p.liquidationPrice])).toEqual([
      ['60', '59400'],
      ['120', '58800'],
      ['200', '58000'],
      ['600', '54000'],
    ]);
  });

  it('rounds the margin up and the long liquidation down to 8 places, exactly like the server', () => {
    // 0.00000001 x 3 / 30 = 0.000000001: rounded up to one satoshi; liquidation 3 - 1 = 2 (never floats).
    const preview = previewOrder(draft({ hands: '0.00000001', currentPrice: '3', leverage: 30 }));
    expect(preview.margin).toBe('0.00000001');
    expect(preview.liquidationPrice).toBe('2');
    expect(previewOrder(draft({ hands: '0.3', currentPrice: '0.1', leverage: 30 })).margin).toBe('0.001');
  });

  it('prices a limit order at its limit and sends the limit with the current price as the sanity check', () => {
    const preview = previewOrder(draft({ orderType: 'limit', limitPrice: '59000' }));
    expect(preview).toMatchObject({ entryPrice: '59000', margin: '59', liquidationPrice: '58410' });
    expect(preview.payload).toMatchObject({ order_type: 'limit', limit_price: '59000', starting_price: '60000' });
  });

  it('tells how many hands the balance covers', () => {
    expect(previewOrder(draft({ balance: '50' })).maxHands).toBe('0.08333333');
    expect(previewOrder(draft({ balance: undefined })).maxHands).toBeNull();
  });
});

describe('why the button waits', () => {
  it('asks for hands, then for valid hands', () => {
    expect(previewOrder(draft({ hands: '' })).block).toEqual({ reason: ORDER_FORM_MSG.enterHands });
    for (const hands of ['0', '-1', 'abc', '0.000000001', '1e3']) {
      expect(previewOrder(draft({ hands })).block).toEqual({ reason: TRADE_MSG.enterHands, field: 'hands' });
    }
    expect(previewOrder(draft({ hands: '2000000000' })).block?.reason).toBe(TRADE_MSG.tooManyHands);
  });

  it('asks for a valid limit price on a limit order only', () => {
    expect(previewOrder(draft({ orderType: 'limit' })).block).toEqual({ reason: ORDER_FORM_MSG.enterLimitPrice });
    expect(previewOrder(draft({ orderType: 'limit', limitPrice: '0' })).block).toEqual({
      reason: TRADE_MSG.enterLimitPrice,
      field: 'limitPrice',
    });
    expect(previewOrder(draft({ limitPrice: 'junk' })).block).toBeNull();
  });

  it('waits for a price and for the balance instead of guessing', () => {
    expect(previewOrder(draft({ currentPrice: undefined })).block?.reason).toBe(ORDER_FORM_MSG.waitingForPrice('BTC'));
    expect(previewOrder(draft({ currentPrice: '0' })).block?.reason).toBe(ORDER_FORM_MSG.waitingForPrice('BTC'));
    expect(previewOrder(draft({ balance: undefined })).block?.reason).toBe(ORDER_FORM_MSG.waitingForBalance);
  });

  it('refuses a margin above the balance and points to a transfer, to the cent', () => {
    expect(previewOrder(draft({ balance: '60' })).block).toBeNull();
    const short = previewOrder(draft({ balance: '59.99999999' }));
    expect(short.payload).toBeNull();
    expect(short.block).toEqual({
      reason: ORDER_FORM_MSG.insufficientMargin('60.00', '59.99'),
      transfer: true,
      field: 'hands',
    });
    // Still shown, so the trader sees what it would take.
    expect(short.margin).toBe('60');
  });
});

describe('order identity', () => {
  it('leaves the quoted price out, so a retry at a fresher price is the same submission', () => {
    const a = previewOrder(draft()).payload!;
    const b = previewOrder(draft({ currentPrice: '60010' })).payload!;
    expect(orderIdentity(a)).toEqual(orderIdentity(b));
    expect(orderIdentity(a)).not.toEqual(orderIdentity(previewOrder(draft({ hands: '0.2' })).payload!));
  });
});

describe('trade screen numbers', () => {
  it('shows prices with 2 decimals, and enough decimals for coins under 1 USDT to move', () => {
    expect(formatTradePrice('60123.456')).toBe('60123.46');
    expect(formatTradePrice('0.52149')).toBe('0.5215');
    expect(formatTradePrice('0.00001812')).toBe('0.00001812');
    expect(formatTradePrice(undefined)).toBe('0.00000');
  });

  it('rounds what is held down and what is needed up', () => {
    expect(formatUsdtHeld('59.999')).toBe('59.99');
    expect(formatUsdtNeeded('59.991')).toBe('60.00');
    expect(formatUsdtNeeded('60')).toBe('60.00');
  });
});
