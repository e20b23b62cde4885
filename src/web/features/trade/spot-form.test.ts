/** The spot order preview and the balance shares (docs/decisions/0026-spot-orders.md): the same arithmetic the server charges. */
import { describe, expect, it } from 'vitest';
import { SPOT_MESSAGES, SPOT_MSG } from '../../../shared/api/spot';
import { msg } from '../../../shared/message';
import { spotPairOf } from '../../../shared/market';
import { previewSpot, shareOfBalance, type SpotDraft } from './spot-form';

const btc = spotPairOf('BTCUSDT')!;
const draft = (fields: Partial<SpotDraft> = {}): SpotDraft => ({
  pair: btc,
  side: 'buy',
  type: 'market',
  quantity: '0.01',
  price: '',
  lastPrice: '60010',
  usdt: '1000',
  coinBalance: '0.5',
  rules: { fee_rate: '0.001', min_notional: '5' },
  ...fields,
});

describe('spot order preview', () => {
  it('a market buy pays quantity x price plus the fee, in USDT', () => {
    expect(previewSpot(draft())).toMatchObject({
      value: '600.1',
      fee: '0.6001',
      total: '600.7001',
      block: null,
      payload: { symbol: 'BTCUSDT', side: 'buy', type: 'market', quantity: '0.01' },
    });
  });

  it('a limit sell receives quantity x limit minus the fee, and sends its price', () => {
    expect(previewSpot(draft({ side: 'sell', type: 'limit', price: '61000', quantity: '0.02' }))).toMatchObject({
      value: '1220',
      fee: '1.22',
      total: '1218.78',
      payload: { side: 'sell', type: 'limit', quantity: '0.02', price: '61000' },
    });
  });

  it('says why an order cannot go: minimum, balance, decimals, a missing limit', () => {
    expect(previewSpot(draft({ quantity: '0.00008' })).block).toEqual({
      reason: msg(SPOT_MSG, 'belowMinNotional', '4.8008'),
      field: 'quantity',
    });
    expect(previewSpot(draft({ quantity: '0.02' })).block?.reason).toEqual(
      SPOT_MESSAGES.insufficient('USDT', '1201.4002', '1000'),
    );
    expect(previewSpot(draft({ side: 'sell', quantity: '0.6' })).block?.reason).toEqual(
      SPOT_MESSAGES.insufficient('BTC', '0.6', '0.5'),
    );
    expect(previewSpot(draft({ quantity: '0.000101' })).block?.reason).toEqual(
      SPOT_MESSAGES.quantityDecimals('BTC', 5),
    );
    expect(previewSpot(draft({ type: 'limit' })).block?.reason).toEqual(msg(SPOT_MSG, 'enterPrice'));
    expect(previewSpot(draft({ type: 'limit', price: '60000.123' })).block?.reason).toEqual(
      msg(SPOT_MSG, 'priceDecimals', 'BTC', 2),
    );
    expect(previewSpot(draft({ quantity: '0.02' })).payload).toBeNull();
  });

  it('shares of the balance: the coin for a sell, USDT with the fee on top for a buy, down to the pair step', () => {
    expect(shareOfBalance(50, draft({ side: 'sell', coinBalance: '0.123457' }), '60000')).toBe('0.06172');
    // 1000 / (60010 x 1.001) = 0.016647.. BTC.
    expect(shareOfBalance(100, draft(), '60010')).toBe('0.01664');
    const all = previewSpot(draft({ quantity: '0.01664' }));
    expect(all.block).toBeNull(); // 100 % is affordable
    expect(shareOfBalance(25, draft({ usdt: undefined }), '60010')).toBeNull();
  });
});
