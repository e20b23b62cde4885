/** One pair's last price: the spot mock and the legal-currency screen. */
import { queryOptions } from '@tanstack/react-query';
import { POLL } from '../../../../shared/constants.js';
import { common, getJson, logged, marketKeys } from './request.js';

const fetchPrice = (symbol: string) =>
  getJson(`/api/v3/ticker/price?symbol=${encodeURIComponent(symbol)}`, (s) => s.tickerPrice);

/** Spot mock screen price, every 3 s. */
export const spotPriceQuery = (symbol: string) =>
  queryOptions({
    ...common,
    queryKey: marketKeys.price(symbol),
    queryFn: () => logged(`price ${symbol}`, () => fetchPrice(symbol)),
    refetchInterval: POLL.spotMock,
  });
