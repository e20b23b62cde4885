/**
 * Earn's requests (docs/decisions/0052-earn.md): the products with the user's remaining capacity, the
 * user's lock-up orders, subscribing and early redemption.
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { lockupOrderAnswer, lockupOrders, lockupProducts, type LockupSubscribeBody } from '../../../shared/api/earn';
import { api } from '../../lib/api';
import { walletListQuery } from '../../lib/wallet-lists';

const productsQuery = () =>
  queryOptions({
    queryKey: ['earn', 'products'] as const,
    queryFn: ({ signal }) => api.get('/api-v1/lockup-products/', { schema: lockupProducts, signal }),
  });

const ordersQuery = () =>
  queryOptions({
    queryKey: ['earn', 'orders'] as const,
    queryFn: ({ signal }) => api.get('/api-v1/lockup-orders/', { schema: lockupOrders, signal }),
    // The yield earned grows by the day and the maturity job pays in the background.
    refetchInterval: 30_000,
  });

export const useLockupProducts = () => useQuery(productsQuery());
export const useLockupOrders = (enabled: boolean) => useQuery({ ...ordersQuery(), enabled });

function useEarnMutation<T>(mutationFn: (input: T) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: ['earn'] }),
        client.invalidateQueries({ queryKey: walletListQuery('funding').queryKey }),
      ]),
  });
}

export const useSubscribe = () =>
  useEarnMutation((body: LockupSubscribeBody) =>
    api.post('/api-v1/lockup-orders/', body, { schema: lockupOrderAnswer }),
  );

export const useRedeem = () =>
  useEarnMutation((id: number) => api.post(`/api-v1/lockup-orders/${id}/redeem/`, {}, { schema: lockupOrderAnswer }));
