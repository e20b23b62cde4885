/** GET /api-v1/withdrawal-addresses/: the address book the withdrawal screen offers (docs/security.md). */
import { useQuery } from '@tanstack/react-query';
import { withdrawalAddressList } from '../../../../shared/api/protection';
import { api } from '../../../lib/api';

/** The key the Safety Center's address book refreshes (safety/api/protection.ts). */
export const useSavedAddresses = () =>
  useQuery({
    queryKey: ['withdrawal-addresses'] as const,
    queryFn: ({ signal }) => api.get('/api-v1/withdrawal-addresses/', { schema: withdrawalAddressList, signal }),
  });
