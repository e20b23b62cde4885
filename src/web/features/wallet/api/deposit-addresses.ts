/**
 * GET /api-v1/deposit-addresses/?currency= (docs/decisions/0028-deposit-networks.md): where to send a deposit on each network, with
 * its minimum and confirmations, as staff set them (docs/decisions/0028).
 */
import { useQuery } from '@tanstack/react-query';
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
