import { describe, expect, it } from 'vitest';
import { parseRequest, pathSegments, streamsInPath } from './protocol.js';

describe('stream request protocol', () => {
  it('reads SUBSCRIBE with lowercased stream names', () => {
    expect(parseRequest('{"method":"SUBSCRIBE","params":["BTCUSDT@ticker"],"id":1}', 10)).toEqual({
      request: { method: 'SUBSCRIBE', streams: ['btcusdt@ticker'], id: 1 },
    });
  });

  it('accepts string and missing ids', () => {
    expect(parseRequest('{"method":"LIST_SUBSCRIPTIONS","id":"abc"}', 10)).toEqual({
      request: { method: 'LIST_SUBSCRIPTIONS', id: 'abc' },
    });
    expect(parseRequest('{"method":"LIST_SUBSCRIPTIONS"}', 10)).toEqual({
      request: { method: 'LIST_SUBSCRIPTIONS', id: null },
    });
  });

  it.each([
    ['not json', 3],
    ['[1,2]', 2],
    ['"SUBSCRIBE"', 2],
    ['{"params":["btcusdt@ticker"],"id":1}', 2],
    ['{"method":"SUBSCRIBE","params":[],"id":1}', 2],
    ['{"method":"SUBSCRIBE","params":[1],"id":1}', 2],
    ['{"method":"SUBSCRIBE","params":["a","b","c"],"id":1}', 2],
    ['{"method":"SUBSCRIBE","params":["btc usdt"],"id":1}', 2],
    ['{"method":"SUBSCRIBE","params":["btcusdt@ticker"],"id":1.5}', 2],
    ['{"method":"SET_PROPERTY","params":["speed",true],"id":1}', 0],
    ['{"method":"SET_PROPERTY","params":["combined",1],"id":1}', 1],
  ])('refuses %s with error code %i', (raw, code) => {
    const parsed = parseRequest(raw, 2);
    expect(parsed).toHaveProperty('error.code', code);
  });

  it('reads streams from a URL path', () => {
    expect(streamsInPath('btcusdt@ticker/ETHBTC@ticker//')).toEqual(['btcusdt@ticker', 'ethbtc@ticker']);
  });

  it('lowers only the symbol: a kline interval keeps its case (1m a minute, 1M a month)', () => {
    expect(streamsInPath('BTCUSDT@kline_1M/btcusdt@kline_1m')).toEqual(['btcusdt@kline_1M', 'btcusdt@kline_1m']);
    expect(parseRequest('{"method":"SUBSCRIBE","params":["ETHUSDT@miniTicker"],"id":1}', 10)).toEqual({
      request: { method: 'SUBSCRIBE', streams: ['ethusdt@miniTicker'], id: 1 },
    });
  });

  it('keeps path segments as written (a listenKey is case-sensitive)', () => {
    expect(pathSegments('/0/AbCdEf123/btcusdt@ticker')).toEqual(['0', 'AbCdEf123', 'btcusdt@ticker']);
  });
});
