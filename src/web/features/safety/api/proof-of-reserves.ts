/** The proof of reserves (docs/proof-of-reserves.md): the published snapshot and the user's own proof. */
import { useQuery } from '@tanstack/react-query';
import { myProofOfReserves, proofOfReserves } from '../../../../shared/api/reserves';
import { api } from '../../../lib/api';

export const usePublishedReserves = () =>
  useQuery({
    queryKey: ['proof-of-reserves'],
    queryFn: ({ signal }) => api.get('/api-v1/proof-of-reserves/', { schema: proofOfReserves, signal }),
    retry: false,
  });

export const useMyReservesProof = () =>
  useQuery({
    queryKey: ['proof-of-reserves', 'mine'],
    queryFn: ({ signal }) => api.get('/api-v1/proof-of-reserves/mine/', { schema: myProofOfReserves, signal }),
    retry: false,
  });
