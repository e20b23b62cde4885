import { describe, expect, it } from 'vitest';
import { LEVERAGE_OPTIONS } from './constants.js';
import {
  limitReached,
  liquidationPrice,
  reachesLiquidation,
  settledProfitLoss,
  sub,
  tradeFee,
  tradeMargin,
  tradePayout,
  tradeProfitLoss,
  withinPriceTolerance,
} from './money.js';

describe('trade margin = hands x entry / leverage', () => {
  // 0.5 BTC at 60000 is 30000 USDT of exposure.
  it.each([
    [100, '300'],
    [50, '600'],
    [30, '1000'],
    [10, '3000'],
  ] as const)('0.5 hands at 60000 with %ix leverage needs %s USDT', (leverage, margin) => {
    expect(tradeMargin('0.5', '60000', leverage)).toBe(margin);
  });

  it('covers every leverage option of docs/product.md 9', () => {
    expect([...LEVERAGE_OPTIONS].sort((a, b) => a - b)).toEqual([10, 30, 50, 100]);
  });

  it('is exact where floats are not (0.1 x 0.3 / 30 = 0.001)', () => {
    expect(tradeMargin('0.1', '0.3', 30)).toBe('0.001');
    expect(tradeMargin('0.00000001', '0.00000001', 10)).toBe('0.00000001'); // rounded up, never 0
  });

  it('rounds up to 8 places, so the position is always fully covered', () => {
    expect(tradeMargin('1', '100', 30)).toBe('3.33333334');
    expect(tradeMargin('0.12345678', '65432.1', 100)).toBe('80.78036375'); // exactly 80.78036374638;
  });
});

describe('trade P/L', () => {
  it.each([
    ['buy', '61000', '500'],
    ['buy', '59000', '-500'],
    ['sell', '61000', '-500'],
    ['sell', '59000', '500'],
    ['buy', '60000', '0'],
    ['sell', '60000', '0'],
  ] as const)('%s 0.5 hands from 60000, mark %s: %s', (side, mark, pl) => {
    expect(tradeProfitLoss(side, '0.5', '60000', mark)).toBe(pl);
  });

  // 2 ETH long at 3000 (6000 USDT of exposure), worked by hand for every leverage: the margin is
  // 6000 / leverage; a move to 3030 is +60 and a move to 2985 is -30 whatever the leverage; the
  // payout is margin + P/L; the liquidation price is 3000 - margin / 2.
  it.each([
    { leverage: 10, margin: '600', payoutUp: '660', payoutDown: '570', liquidation: '2700' },
    { leverage: 30, margin: '200', payoutUp: '260', payoutDown: '170', liquidation: '2900' },
    { leverage: 50, margin: '120', payoutUp: '180', payoutDown: '90', liquidation: '2940' },
    { leverage: 100, margin: '60', payoutUp: '120', payoutDown: '30', liquidation: '2970' },
  ] as const)(
    'does not depend on leverage ($leverage x): the same move is the same P/L, only the margin differs',
    ({ leverage, margin, payoutUp, payoutDown, liquidation }) => {
      expect(tradeMargin('2', '3000', leverage)).toBe(margin);
      expect(tradeProfitLoss('buy', '2', '3000', '3030')).toBe('60');
      expect(tradeProfitLoss('buy', '2', '3000', '2985')).toBe('-30');
      expect(tradePayout(margin, '60')).toBe(payoutUp);
      expect(tradePayout(margin, '-30')).toBe(payoutDown);
      expect(liquidationPrice('buy', '2', '3000', margin, '0')).toBe(liquidation);
    },
  );

  it('is exact where floats are not ((0.3 - 0.1) x 3 = 0.6)', () => {
    expect(tradeProfitLoss('buy', '3', '0.1', '0.3')).toBe('0.6');
    expect(tradeProfitLoss('sell', '3', '0.3', '0.1')).toBe('0.6');
  });

  it('rounds toward minus infinity: profits down, losses up', () => {
    expect(tradeProfitLoss('buy', '0.00000001', '60000.5', '60000.75')).toBe('0');
    expect(tradeProfitLoss('buy', '0.00000001', '60000.5', '60000.25')).toBe('-0.00000001');
    expect(tradeProfitLoss('sell', '0.33333333', '3', '2.9')).toBe('0.03333333');
    expect(tradeProfitLoss('sell', '0.33333333', '2.9', '3')).toBe('-0.03333334');
  });

  it('a settled loss never exceeds the margin and the payout never goes below 0', () => {
    expect(settledProfitLoss('-500', '300')).toBe('-300');
    expect(settledProfitLoss('-299.99', '300')).toBe('-299.99');
    expect(settledProfitLoss('500', '300')).toBe('500');
    expect(tradePayout('300', '-500')).toBe('0');
    expect(tradePayout('300', '-300')).toBe('0');
    expect(tradePayout('300', '-0.00000001')).toBe('299.99999999');
    expect(tradePayout('300', '500')).toBe('800');
  });
});

describe('liquidation price without a maintenance margin: where the loss equals the margin', () => {
  it.each([
    [100, '59400', '60600'],
    [50, '58800', '61200'],
    [30, '58000', '62000'],
    [10, '54000', '66000'],
  ] as const)('0.5 hands at 60000 with %ix: long %s, short %s', (leverage, long, short) => {
    const margin = tradeMargin('0.5', '60000', leverage);
    expect(liquidationPrice('buy', '0.5', '60000', margin, '0')).toBe(long);
    expect(liquidationPrice('sell', '0.5', '60000', margin, '0')).toBe(short);
    // At that price the loss is exactly the margin; one step before it, not yet.
    expect(tradeProfitLoss('buy', '0.5', '60000', long)).toBe(`-${margin}`);
    expect(tradeProfitLoss('sell', '0.5', '60000', short)).toBe(`-${margin}`);
    expect(reachesLiquidation('buy', '0.5', '60000', margin, long, '0')).toBe(true);
    expect(reachesLiquidation('buy', '0.5', '60000', margin, `${long}.01`, '0')).toBe(false);
    expect(reachesLiquidation('sell', '0.5', '60000', margin, short, '0')).toBe(true);
    expect(reachesLiquidation('sell', '0.5', '60000', margin, sub(short, '0.01'), '0')).toBe(false);
  });

  it('rounds away from the entry, so a mark touching the shown price really liquidates', () => {
    // 3 hands at 100 with 30x: margin 10, exact distance 3.333...
    const margin = tradeMargin('3', '100', 30);
    expect(margin).toBe('10');
    const long = liquidationPrice('buy', '3', '100', margin, '0');
    const short = liquidationPrice('sell', '3', '100', margin, '0');
    expect(long).toBe('96.66666666');
    expect(short).toBe('103.33333334');
    expect(reachesLiquidation('buy', '3', '100', margin, long, '0')).toBe(true);
    expect(reachesLiquidation('buy', '3', '100', margin, '96.66666667', '0')).toBe(false);
    expect(reachesLiquidation('sell', '3', '100', margin, short, '0')).toBe(true);
    expect(reachesLiquidation('sell', '3', '100', margin, '103.33333333', '0')).toBe(false);
  });

  it('a long never shows a negative liquidation price', () => {
    expect(liquidationPrice('buy', '1', '100', '150', '0')).toBe('0');
  });
});

describe('maintenance margin (0.5 %) and trading fee (0.05 %)', () => {
  const MM = '0.005';

  it('liquidates where equity falls to 0.5 % of the notional at the mark, before the margin is gone', () => {
    // 0.5 BTC at 60000, 100x: margin 300. Long: (60000 - 600) / 0.995 = 59698.49246231 (rounded down).
    const margin = tradeMargin('0.5', '60000', 100);
    const long = liquidationPrice('buy', '0.5', '60000', margin, MM);
    expect(long).toBe('59698.49246231');
    // Equity there: 300 + (59698.49246231 - 60000) x 0.5 = 149.25; maintenance 0.5 x 59698.49 x 0.005 = 149.25.
    expect(reachesLiquidation('buy', '0.5', '60000', margin, long, MM)).toBe(true);
    expect(reachesLiquidation('buy', '0.5', '60000', margin, '59698.4925', MM)).toBe(false);
    // Short: (60000 + 600) / 1.005 = 60298.50746269 (rounded up).
    const short = liquidationPrice('sell', '0.5', '60000', margin, MM);
    expect(short).toBe('60298.50746269');
    expect(reachesLiquidation('sell', '0.5', '60000', margin, short, MM)).toBe(true);
    expect(reachesLiquidation('sell', '0.5', '60000', margin, '60298.5074', MM)).toBe(false);
    // Half the margin is still there when it happens: the insurance fund's share, not the trader's loss.
    expect(tradeProfitLoss('buy', '0.5', '60000', long)).toBe('-150.75376885');
  });

  it('at 10x the liquidation is further away, and a position is never liquidatable when opened', () => {
    const margin = tradeMargin('1', '100', 10);
    expect(liquidationPrice('buy', '1', '100', margin, MM)).toBe('90.4522613');
    expect(reachesLiquidation('buy', '1', '100', margin, '100', MM)).toBe(false);
    expect(reachesLiquidation('sell', '1', '100', tradeMargin('1', '100', 100), '100', MM)).toBe(false);
  });

  it('the fee is the notional times the rate, rounded up to 8 places', () => {
    expect(tradeFee('0.1', '60000', '0.0005')).toBe('3');
    expect(tradeFee('0.00000001', '1', '0.0005')).toBe('0.00000001');
    expect(tradeFee('3', '0.1', '0')).toBe('0');
  });

  it('closing pays margin + P/L - fee, never below 0', () => {
    expect(tradePayout('60', '30', '3.015')).toBe('86.985');
    expect(tradePayout('60', '-59', '3')).toBe('0');
  });
});

describe('client price sanity check (PRICE_TOLERANCE = 1 % of the mark)', () => {
  it.each([
    ['60000', true],
    ['60600', true],
    ['59400', true],
    ['60600.01', false],
    ['59399.99', false],
    ['0.1', false],
  ])('client %s against mark 60000: %s', (client, ok) => {
    expect(withinPriceTolerance(client, '60000')).toBe(ok);
  });
});

describe('limit orders execute when the mark reaches the limit', () => {
  it.each([
    ['buy', '59000', '59000.01', false],
    ['buy', '59000', '59000', true],
    ['buy', '59000', '58000', true],
    ['sell', '61000', '60999.99', false],
    ['sell', '61000', '61000', true],
    ['sell', '61000', '62000', true],
  ] as const)('%s limit %s, mark %s: %s', (side, limit, mark, reached) => {
    expect(limitReached(side, limit, mark)).toBe(reached);
  });
});
