import { describe, expect, it } from 'vitest';
import type { Ticker24h } from '../../../shared/api/market.js';
import { TickerSnapshot } from './snapshot.js';

const ticker = (symbol: string, lastPrice: string) => ({ symbol, lastPrice, volume: '1' }) as unknown as Ticker24h;

describe('ticker snapshot list bodies (docs/decisions/0059-cpu-per-trader.md)', () => {
  const snapshot = () => new TickerSnapshot(1, [ticker('BTCUSDT', '60000'), ticker('ETHUSDT', '3000')]);

  it('answers a ?symbols= list with the same bytes as joining it per request, made once per snapshot', () => {
    const s = snapshot();
    const list = ['ETHUSDT', 'NOPEUSDT', 'BTCUSDT'];
    const joined = `[${[s.tickerJsonOf('ETHUSDT'), s.tickerJsonOf('BTCUSDT')].join(',')}]`;
    expect(s.tickersJson(list)).toBe(joined);
    expect(JSON.parse(s.tickersJson(list))).toEqual([ticker('ETHUSDT', '3000'), ticker('BTCUSDT', '60000')]);
    expect(s.pricesJson(list)).toBe('[{"symbol":"ETHUSDT","price":"3000"},{"symbol":"BTCUSDT","price":"60000"}]');
    // Another order is another body; tickers and prices of one list never mix.
    expect(JSON.parse(s.tickersJson(['BTCUSDT', 'ETHUSDT'])).map((t: Ticker24h) => t.symbol)).toEqual([
      'BTCUSDT',
      'ETHUSDT',
    ]);
    expect(s.tickersJson(list)).toBe(joined);
  });

  it('still answers lists past its bound, without keeping them', () => {
    const s = snapshot();
    for (let i = 0; i < 100; i++) s.pricesJson(i % 2 ? ['BTCUSDT'] : Array.from({ length: i }, () => 'ETHUSDT'));
    expect(s.pricesJson(['BTCUSDT', 'ETHUSDT'])).toBe(
      '[{"symbol":"BTCUSDT","price":"60000"},{"symbol":"ETHUSDT","price":"3000"}]',
    );
  });
});
