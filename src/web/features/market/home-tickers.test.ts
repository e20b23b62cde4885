import { describe, expect, it } from 'vitest';
import { mergeLiveTickers } from './home-tickers';

const t = (symbol: string, lastPrice: string, priceChangePercent = '1') => ({ symbol, lastPrice, priceChangePercent });

describe('home tickers', () => {
  it('take the stream over REST for a coin the stream has spoken about', () => {
    const rest = [t('BTCUSDT', '100'), t('ETHUSDT', '10')];
    const live = { BTCUSDT: t('BTCUSDT', '101', '2') };
    expect(mergeLiveTickers(['BTCUSDT', 'ETHUSDT'], rest, live)).toEqual([
      t('BTCUSDT', '101', '2'),
      t('ETHUSDT', '10'),
    ]);
  });

  it('keep the order of the symbols and leave out coins nobody reported', () => {
    const rest = [t('ETHUSDT', '10'), t('BTCUSDT', '100')];
    expect(mergeLiveTickers(['BTCUSDT', 'XRPUSDT', 'ETHUSDT'], rest, {}).map((x) => x.symbol)).toEqual([
      'BTCUSDT',
      'ETHUSDT',
    ]);
  });

  it('show streamed coins before REST has answered (or after it failed)', () => {
    expect(mergeLiveTickers(['BTCUSDT', 'ETHUSDT'], undefined, { ETHUSDT: t('ETHUSDT', '11') })).toEqual([
      t('ETHUSDT', '11'),
    ]);
  });

  it('pass the same objects on, so unchanged rows compare equal', () => {
    const btc = t('BTCUSDT', '100');
    const eth = t('ETHUSDT', '10');
    const [a, b] = mergeLiveTickers(['BTCUSDT', 'ETHUSDT'], [btc], { ETHUSDT: eth });
    expect(a).toBe(btc);
    expect(b).toBe(eth);
  });
});
