/** The Lever order form's preview and its reasons to wait (margin, fee, liquidation, minimum, leverage). */
import { describe, expect, it } from 'vitest';
import { TRADE_MSG, tradeRulesOf, type TradeRules } from '../../../shared/api/trade';
import { msg } from '../../../shared/message';
import { DEFAULT_MAINTENANCE_MARGIN_RATE, DEFAULT_TRADE_FEE_RATE, LEVERAGE_OPTIONS } from '../../../shared/constants';
import { formatTradePrice, formatUsdtHeld, formatUsdtNeeded } from './display';
import { add, tradeFee, tradeMargin } from '../../../shared/money';
import {
  ORDER_FORM_MSG,
  handsForShare,
  needsLeverageConfirm,
  sizeShareOf,
  leverageChoices,
  leverageFor,
  leverageLabel,
  orderIdentity,
  parseLeverage,
  previewOrder,
  type OrderDraft,
} from './order-form';

/** The server's default rules (GET /api-v1/trade-rules/): 0.05 % fee, 0.5 % maintenance, 5 USDT minimum. */
const RULES: TradeRules = tradeRulesOf({
  feeRate: DEFAULT_TRADE_FEE_RATE,
  maintenanceRate: DEFAULT_MAINTENANCE_MARGIN_RATE,
});
/** No fee, liquidation when equity reaches zero: the margin arithmetic on its own. */
const FREE: TradeRules = { ...RULES, fee_rate: '0', maintenance_margin_rate: '0' };

const draft = (fields: Partial<OrderDraft> = {}): OrderDraft => ({
  coin: 'BTC',
  side: 'buy',
  orderType: 'market',
  leverage: 100,
  hands: '0.1',
  limitPrice: '',
  currentPrice: '60000',
  balance: '1000',
  rules: RULES,
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

  it('offers each coin the server’s choices: USDO 1X only, the others the four', () => {
    expect(leverageChoices(RULES, 'BTC')).toEqual([100, 50, 30, 10]);
    expect(leverageChoices(RULES, 'USDO')).toEqual([1]);
    // The server's answer decides, not the constants the bundle was built with.
    expect(leverageChoices({ ...RULES, leverage_options: [50, 10] }, 'ETH')).toEqual([50, 10]);
    expect(leverageChoices({ ...RULES, coin_leverage_options: {} }, 'USDO')).toEqual([100, 50, 30, 10]);
    // Before the rules load, the shared contract's choices.
    expect(leverageChoices(undefined, 'USDO')).toEqual([1]);
  });

  it('keeps a chosen leverage the coin offers, else takes the coin’s default', () => {
    expect(leverageFor([100, 50, 30, 10], 30)).toBe(30);
    expect(leverageFor([1], 30)).toBe(1);
  });
});

describe('order preview', () => {
  it('shows the margin, opening fee, total and liquidation price of a long before it is sent', () => {
    // 0.1 BTC at 60000 is 6000 USDT: at 100X the margin is 60, the 0.05 % fee 3, so it takes 63.
    // Liquidated where equity is 0.5 % of the notional: (60000 - 60 / 0.1) / (1 - 0.005).
    const preview = previewOrder(draft());
    expect(preview).toMatchObject({
      entryPrice: '60000',
      margin: '60',
      openFee: '3',
      cost: '63',
      liquidationPrice: '59698.49246231',
      block: null,
    });
    expect(preview.payload).toEqual({
      trade_type: 'buy',
      starting_price: '60000',
      coin: 'BTC',
      hands: '0.1',
      leverage: 100,
      order_type: 'market',
    });
  });

  it('puts a short’s liquidation above the entry, (entry + margin / hands) / (1 + rate)', () => {
    expect(previewOrder(draft({ side: 'sell' })).liquidationPrice).toBe('60298.50746269');
  });

  it('uses the server’s maintenance rate: without one, liquidation is where the margin is gone', () => {
    expect(previewOrder(draft({ rules: FREE })).liquidationPrice).toBe('59400');
    expect(previewOrder(draft({ rules: FREE, side: 'sell' })).liquidationPrice).toBe('60600');
    expect(previewOrder(draft({ rules: { ...RULES, maintenance_margin_rate: '0.01' } })).liquidationPrice).toBe(
      '60000',
    );
  });

  it('takes more margin and a farther liquidation at lower leverage', () => {
    const byLeverage = LEVERAGE_OPTIONS.map((leverage) => previewOrder(draft({ leverage, balance: '10000' })));
    expect(byLeverage.map((p) => [p.margin, p.liquidationPrice])).toEqual([
      ['60', '59698.49246231'],
      ['120', '59095.47738693'],
      ['200', '58291.45728643'],
      ['600', '54271.35678391'],
    ]);
  });

  it('previews USDO at 1X: margin is the whole notional, a long is never liquidated', () => {
    const preview = previewOrder(draft({ coin: 'USDO', leverage: 1, hands: '10', currentPrice: '1' }));
    expect(preview).toMatchObject({ margin: '10', openFee: '0.005', cost: '10.005', liquidationPrice: '0' });
    expect(preview.payload).toMatchObject({ coin: 'USDO', leverage: 1 });
  });

  it('rounds the margin and fee up and the long liquidation down to 8 places, exactly like the server', () => {
    // 0.00000001 x 3 / 30 = 0.000000001: rounded up to one satoshi; liquidation 3 - 1 = 2 (never floats).
    const preview = previewOrder(draft({ hands: '0.00000001', currentPrice: '3', leverage: 30, rules: FREE }));
    expect(preview.margin).toBe('0.00000001');
    expect(preview.liquidationPrice).toBe('2');
    expect(previewOrder(draft({ hands: '0.3', currentPrice: '0.1', leverage: 30 })).margin).toBe('0.001');
    // 0.03 x 0.0005 = 0.000015 exactly; 0.00000001 x 3 x 0.0005 rounds up to one satoshi.
    expect(previewOrder(draft({ hands: '0.3', currentPrice: '0.1' })).openFee).toBe('0.000015');
    expect(previewOrder(draft({ hands: '0.00000001', currentPrice: '3' })).openFee).toBe('0.00000001');
  });

  it('prices a limit order at its limit and sends the limit with the current price as the sanity check', () => {
    const preview = previewOrder(draft({ orderType: 'limit', limitPrice: '59000' }));
    expect(preview).toMatchObject({
      entryPrice: '59000',
      margin: '59',
      openFee: '2.95',
      liquidationPrice: '58703.51758793',
    });
    expect(preview.payload).toMatchObject({ order_type: 'limit', limit_price: '59000', starting_price: '60000' });
  });

  it('tells how many hands the balance covers, margin and fee together', () => {
    // 50 / (60000 x (1/100 + 0.0005)) = 0.0793650793...: 0.08333333 would leave the fee unpaid.
    expect(previewOrder(draft({ balance: '50' })).maxHands).toBe('0.07936507');
    expect(previewOrder(draft({ balance: '50', rules: FREE })).maxHands).toBe('0.08333333');
    expect(previewOrder(draft({ balance: undefined })).maxHands).toBeNull();
  });

  it('shows no fee or liquidation price until the rules have loaded', () => {
    const preview = previewOrder(draft({ rules: undefined }));
    expect(preview).toMatchObject({ margin: '60', openFee: null, cost: null, liquidationPrice: null, payload: null });
  });
});

describe('why the button waits', () => {
  it('asks for hands, then for valid hands', () => {
    expect(previewOrder(draft({ hands: '' })).block).toEqual({ reason: ORDER_FORM_MSG.enterHands });
    for (const hands of ['0', '-1', 'abc', '0.000000001', '1e3']) {
      expect(previewOrder(draft({ hands })).block).toEqual({ reason: msg(TRADE_MSG, 'enterHands'), field: 'hands' });
    }
    expect(previewOrder(draft({ hands: '2000000000' })).block?.reason).toEqual(msg(TRADE_MSG, 'tooManyHands'));
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
    expect(previewOrder(draft({ currentPrice: undefined })).block?.reason).toEqual(
      msg(ORDER_FORM_MSG, 'waitingForPrice', 'BTC'),
    );
    expect(previewOrder(draft({ currentPrice: '0' })).block?.reason).toEqual(
      msg(ORDER_FORM_MSG, 'waitingForPrice', 'BTC'),
    );
    expect(previewOrder(draft({ balance: undefined })).block?.reason).toBe(ORDER_FORM_MSG.waitingForBalance);
    expect(previewOrder(draft({ rules: undefined })).block?.reason).toBe(ORDER_FORM_MSG.waitingForRules);
  });

  it('refuses margin + fee above the balance and points to a transfer, to the cent', () => {
    expect(previewOrder(draft({ balance: '63' })).block).toBeNull();
    // The margin alone would be covered: the fee is what is missing.
    const short = previewOrder(draft({ balance: '62.99999999' }));
    expect(short.payload).toBeNull();
    expect(short.block).toEqual({
      reason: msg(ORDER_FORM_MSG, 'insufficientMargin', '63.00', '62.99'),
      transfer: true,
      field: 'hands',
    });
    // Still shown, so the trader sees what it would take.
    expect(short).toMatchObject({ margin: '60', openFee: '3', cost: '63' });
  });

  it('blocks an order below the minimum notional (hands x price) before it is sent', () => {
    // 0.00008 BTC at 60000 = 4.80 USDT, under the 5 USDT minimum; 0.0001 x 50000 = 5 exactly is allowed.
    const small = previewOrder(draft({ hands: '0.00008' }));
    expect(small.payload).toBeNull();
    expect(small.block).toEqual({ reason: msg(ORDER_FORM_MSG, 'belowMinimum', '5', '4.80'), field: 'hands' });
    expect(previewOrder(draft({ hands: '0.0001', currentPrice: '50000' })).block).toBeNull();
    // A limit order is judged at its limit, the price it opens at.
    expect(previewOrder(draft({ hands: '0.0001', orderType: 'limit', limitPrice: '49999' })).block?.reason).toEqual(
      msg(ORDER_FORM_MSG, 'belowMinimum', '5', '4.99'),
    );
    // The server's minimum, not a constant.
    expect(previewOrder(draft({ hands: '0.001', rules: { ...RULES, min_notional: '100' } })).block?.reason).toEqual(
      msg(ORDER_FORM_MSG, 'belowMinimum', '100', '60.00'),
    );
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

describe('size slider', () => {
  const budget = { balance: '1000', leverage: 100, rules: RULES } as const;
  /** What `hands` at `price` and 100X takes: margin + opening fee, as the server charges them. */
  const costOf = (hands: string, price: string) =>
    add(tradeMargin(hands, price, 100), tradeFee(hands, price, RULES.fee_rate));

  it('gives 25/50/75/100 % of what the margin allows: balance x leverage / price, less the opening fee', () => {
    // 1000 / (60000 x (1/100 + 0.0005)) = 1.587301587...; a quarter of the balance is 250 / 630.
    expect(handsForShare(budget, '60000', 100)).toBe('1.58730158');
    expect(handsForShare(budget, '60000', 75)).toBe('1.19047619');
    expect(handsForShare(budget, '60000', 50)).toBe('0.79365079');
    expect(handsForShare(budget, '60000', 25)).toBe('0.39682539');
    // 8 decimals, as hands are sent (handsInput), rounded down.
    expect(handsForShare({ ...budget, balance: '50' }, '60000', 100)).toBe('0.07936507');
  });

  it('steps down when the rounded-up margin and fee would take more than the balance', () => {
    // At 0.5123 the plain quotient (185902.97723618 hands) costs 1000.00000001 USDT.
    expect(costOf('185902.97723618', '0.5123').toFixed()).toBe('1000.00000001');
    const hands = handsForShare(budget, '0.5123', 100)!;
    // Less by the hands the 1e-8 USDT of excess buys (1.86e-6), not one unit at a time.
    expect(hands).toBe('185902.97723432');
    expect(costOf(hands, '0.5123').lte('1000')).toBe(true);
    // So 100 % is an order the form lets go.
    const preview = previewOrder(draft({ currentPrice: '0.5123', coin: 'DOGE', hands }));
    expect(preview.block).toBeNull();
    expect(preview.maxHands).toBe(hands);
  });

  it('waits for the price, balance and rules; an empty wallet allows nothing', () => {
    expect(handsForShare(budget, null, 50)).toBeNull();
    expect(handsForShare({ ...budget, balance: undefined }, '60000', 50)).toBeNull();
    expect(handsForShare({ ...budget, rules: undefined }, '60000', 50)).toBeNull();
    expect(handsForShare({ ...budget, balance: '0' }, '60000', 50)).toBe('0');
  });

  it('stands at the largest stop the typed hands reach', () => {
    expect(sizeShareOf(budget, '60000', '')).toBe(0);
    expect(sizeShareOf(budget, '60000', '0.3')).toBe(0);
    expect(sizeShareOf(budget, '60000', '0.39682539')).toBe(25);
    expect(sizeShareOf(budget, '60000', '0.79365079')).toBe(50);
    expect(sizeShareOf(budget, '60000', '1.5')).toBe(75);
    expect(sizeShareOf(budget, '60000', '1.58730158')).toBe(100);
    expect(sizeShareOf(budget, '60000', '9')).toBe(100);
    expect(sizeShareOf(budget, null, '1')).toBe(0);
  });
});

describe('the question before a high-leverage order', () => {
  it('asks at 50X and 100X, not below, only while it is on and not yet answered in this visit', () => {
    expect(needsLeverageConfirm(100, true, false)).toBe(true);
    expect(needsLeverageConfirm(50, true, false)).toBe(true);
    expect(needsLeverageConfirm(30, true, false)).toBe(false);
    expect(needsLeverageConfirm(100, true, true)).toBe(false);
    expect(needsLeverageConfirm(100, false, false)).toBe(false);
  });
});
