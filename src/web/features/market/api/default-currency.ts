/** GET /api-v1/default-currency/: the in-house coin's price, which always comes from our server. */
import { queryOptions } from '@tanstack/react-query';
import { common, getJson, logged, marketKeys } from './request.js';

export const fetchDefaultCurrency = () => getJson('/api-v1/default-currency/', (s) => s.defaultCurrency, true);

export const defaultCurrencyQuery = () =>
  queryOptions({
    ...common,
    queryKey: marketKeys.defaultCurrency,
    queryFn: () => logged('default currency', fetchDefaultCurrency),
    staleTime: 60_000,
  });
