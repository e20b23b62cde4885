/**
 * GET /api-v1/trade-rules/: the fee rate, maintenance margin rate, minimum order and leverage
 * choices the order preview needs (schema in shared/api/trade.ts). They change only with
 * the server's configuration, so one answer serves the whole visit.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { tradeRules } from '../../../../shared/api/trade';
import { api } from '../../../lib/api';
import { tradeKeys } from './keys';

/** An hour: a new fee rate needs a server restart, and the server checks every order anyway. */
const RULES_FRESH_MS = 60 * 60 * 1000;

const tradeRulesQuery = () =>
  queryOptions({
    queryKey: tradeKeys.rules,
    queryFn: ({ signal }) => api.get('/api-v1/trade-rules/', { schema: tradeRules, signal }),
    staleTime: RULES_FRESH_MS,
    gcTime: Infinity,
  });

export const useTradeRules = () => useQuery(tradeRulesQuery());
