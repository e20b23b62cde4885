/**
 * Spot orders over HTTP (schemas in shared/api/spot.ts): the user's open orders (refreshed
 * every 3 s, so a fill by the server's per-tick pass shows), their history, placing one with an
 * Idempotency-Key per submission, and cancelling one. After a change the lists and balances refresh.
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  spotOrderAnswer,
  spotOrders,
  spotRules,
  type SpotOrderInput,
  type SpotStatus,
} from '../../../../shared/api/spot';
import { POLL } from '../../../../shared/constants';
import { api } from '../../../lib/api';
import { idempotencyHeaders, useSubmissionKey } from '../../../lib/submission-key';
import { WALLET_KEY } from '../../../lib/query-keys';

const SPOT_KEY = ['spot-orders'] as const;
const spotKeys = {
  list: (status: SpotStatus | 'all') => [...SPOT_KEY, status] as const,
  rules: ['spot-rules'] as const,
};

/** An hour: the fee changes only with the server's configuration, and the server checks every order. */
const RULES_FRESH_MS = 60 * 60 * 1000;

const spotOrdersQuery = (status: SpotStatus | 'all') =>
  queryOptions({
    queryKey: spotKeys.list(status),
    queryFn: ({ signal }) =>
      api.get(`/api-v1/spot-orders/${status === 'all' ? '' : `?status=${status}`}`, { schema: spotOrders, signal }),
    // Resting orders fill on the server's per-tick pass: look again while the screen is open.
    refetchInterval: status === 'open' ? POLL.spotOrders : false,
    refetchIntervalInBackground: false,
  });

export const useSpotOrders = (status: SpotStatus | 'all', enabled = true) =>
  useQuery({ ...spotOrdersQuery(status), enabled });

export const useSpotRules = () =>
  useQuery(
    queryOptions({
      queryKey: spotKeys.rules,
      queryFn: ({ signal }) => api.get('/api-v1/spot-rules/', { schema: spotRules, signal }),
      staleTime: RULES_FRESH_MS,
      gcTime: Infinity,
    }),
  );

/** After any change (also a failed one: a dropped answer may hide an order that was placed). */
const refreshAfter = (client: ReturnType<typeof useQueryClient>) =>
  Promise.all([client.invalidateQueries({ queryKey: SPOT_KEY }), client.invalidateQueries({ queryKey: WALLET_KEY })]);

export function usePlaceSpotOrder() {
  const client = useQueryClient();
  const submission = useSubmissionKey();
  return useMutation({
    mutationFn: (payload: SpotOrderInput) =>
      api.post('/api-v1/spot-orders/', payload, {
        schema: spotOrderAnswer,
        headers: idempotencyHeaders(submission.keyFor(payload)),
      }),
    onSuccess: () => submission.finish(),
    onError: (error) => console.warn('[spot] order refused', error),
    onSettled: () => refreshAfter(client),
  });
}

export function useCancelSpotOrder() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (orderId: number) => api.delete(`/api-v1/spot-orders/${orderId}/`, { schema: spotOrderAnswer }),
    onError: (error) => console.warn('[spot] cancel refused', error),
    onSettled: () => refreshAfter(client),
  });
}
