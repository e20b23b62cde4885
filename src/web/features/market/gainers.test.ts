import { describe, expect, it } from 'vitest';
import { gainers } from './gainers.js';

const t = (symbol: string, priceChangePercent: string) => ({ symbol, priceChangePercent, lastPrice: '1' });

describe('gainers', () => {
  it('keeps only positive changes, biggest first', () => {
    const list = [t('AUSDT', '1.5'), t('BUSDT', '-2'), t('CUSDT', '12.25'), t('DUSDT', '0.000'), t('EUSDT', '2')];
    expect(gainers(list).map((x) => x.symbol)).toEqual(['CUSDT', 'EUSDT', 'AUSDT']);
  });

  it('compares as decimals, not as text', () => {
    expect(gainers([t('A', '9.9'), t('B', '10.1'), t('C', '100')]).map((x) => x.symbol)).toEqual(['C', 'B', 'A']);
  });

  it('skips unreadable changes and honours a limit', () => {
    expect(gainers([t('A', 'n/a'), t('B', ''), t('C', '3'), t('D', '4')], 1).map((x) => x.symbol)).toEqual(['D']);
  });

  it('is empty when nothing gained', () => {
    expect(gainers([t('A', '-1'), t('B', '0')])).toEqual([]);
  });
});
