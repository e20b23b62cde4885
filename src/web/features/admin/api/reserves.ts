/**
 * The proof of reserves from the staff side (docs/proof-of-reserves.md): the latest snapshot, publishing
 * a new one, and the reserve addresses published beside it. Both changes are audited by the server.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { proofOfReserves, reserveAddressesBody, type ReserveAddress } from '../../../../shared/api/reserves';
import { api } from '../../../lib/api';
import { adminKeys } from './keys';

const RESERVES_KEY = ['proof-of-reserves'] as const;
const ADDRESSES_KEY = ['admin', 'reserve-addresses'] as const;

export const useLatestSnapshot = () =>
  useQuery({
    queryKey: RESERVES_KEY,
    queryFn: ({ signal }) => api.get('/api-v1/proof-of-reserves/', { schema: proofOfReserves, signal }),
    retry: false,
  });

export function usePublishSnapshot() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api.post('/api-v3/admin/proof-of-reserves/', {}, { schema: proofOfReserves }),
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: RESERVES_KEY }),
        client.invalidateQueries({ queryKey: adminKeys.auditLog }),
      ]),
  });
}

export const useReserveAddresses = () =>
  useQuery({
    queryKey: ADDRESSES_KEY,
    queryFn: ({ signal }) =>
      api.get('/api-v3/admin/proof-of-reserves/reserve-addresses/', { schema: reserveAddressesBody, signal }),
  });

export function useSaveReserveAddresses() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (addresses: ReserveAddress[]) =>
      api.put('/api-v3/admin/proof-of-reserves/reserve-addresses/', { addresses }, { schema: reserveAddressesBody }),
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: ADDRESSES_KEY }),
        client.invalidateQueries({ queryKey: RESERVES_KEY }),
        client.invalidateQueries({ queryKey: adminKeys.auditLog }),
      ]),
  });
}
