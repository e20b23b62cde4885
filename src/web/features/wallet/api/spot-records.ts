/**
 * GET /api-v1/spot-orders/?status=filled: the spot trades an asset's record shows (docs/decisions/0026-spot-orders.md): of one
 * coin's pair, or of every pair for USDT (each moved USDT). Under WALLET_KEY, so an order refreshes it.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { spotOrders } from '../../../../shared/api/spot';
import { api } from '../../../lib/api';
import { WALLET_KEY } from '../../../lib/query-keys';

/** The newest filled orders an asset's record shows. */
const RECORD_LIMIT = 100;

const spotRecordsQuery = (symbol: string | null) =>
  queryOptions({
    queryKey: [...WALLET_KEY, 'spot-records', symbol ?? 'all'] as const,
    queryFn: ({ signal }) =>
      api.get('/api-v1/spot-orders/', {
        query: { status: 'filled', limit: RECORD_LIMIT, ...(symbol ? { symbol } : {}) },
        schema: spotOrders,
        signal,
      }),
  });

export const useSpotRecords = (symbol: string | null, enabled: boolean) =>
  useQuery({ ...spotRecordsQuery(symbol), enabled });
