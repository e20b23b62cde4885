import { useQuery } from '@tanstack/react-query';
import { bonusLock } from '../../../../shared/api/bonuses';
import { api } from '../../../lib/api';
import { WALLET_KEY } from '../../../lib/query-keys';

/**
 * GET /api-v1/bonus-lock/ (docs/decisions/0047): the USDT bonus locked until its turnover is traded and
 * what may be withdrawn now. Under WALLET_KEY, so every money move refreshes it with the balances.
 */
export const useBonusLock = (enabled: boolean) =>
  useQuery({
    queryKey: [...WALLET_KEY, 'bonus-lock'] as const,
    queryFn: ({ signal }) => api.get('/api-v1/bonus-lock/', { schema: bonusLock, signal }),
    staleTime: 0,
    enabled,
  });
