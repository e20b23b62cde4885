/**
 * GET /api-v1/deposit-addresses/?currency= (docs/decisions/0028-deposit-networks.md): where to send a deposit on each network, with
 * its minimum and confirmations, as staff set them (docs/decisions/0028).
 */
import { useQuery } from '@tanstack/react-query';
import { chainDeposits } from '../../../../shared/api/custody';
import { depositAddresses } from '../../../../shared/api/deposits';
import { api } from '../../../lib/api';

export const useDepositAddresses = (currency: string) =>
  useQuery({
    queryKey: ['deposit-addresses', currency] as const,
    queryFn: ({ signal }) =>
      api.get(`/api-v1/deposit-addresses/?currency=${encodeURIComponent(currency)}`, {
        schema: depositAddresses,
        signal,
      }),
  });

/**
 * GET /api-v1/chain-deposits/ (docs/decisions/0057): transfers to the user's own address the chain
 * watcher saw, pending with their confirmation count; asked again every 10 s while one is pending.
 */
export const useChainDeposits = () =>
  useQuery({
    queryKey: ['chain-deposits'] as const,
    queryFn: ({ signal }) => api.get('/api-v1/chain-deposits/', { schema: chainDeposits, signal }),
    refetchInterval: (query) => (query.state.data?.some((d) => d.status === 'pending') ? 10_000 : false),
  });
