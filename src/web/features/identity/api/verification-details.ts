/** Staff: GET /api-v3/admin/user-verifications/{user_id}/, the latest submission with signed image URLs. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { verificationDetails } from '../../../../shared/api/identity';
import { api } from '../../../lib/api';

const verificationDetailsQuery = (userId: number) =>
  queryOptions({
    queryKey: ['admin', 'user-verification', userId] as const,
    queryFn: ({ signal }) =>
      api.get(`/api-v3/admin/user-verifications/${userId}/`, { schema: verificationDetails, signal }),
    // The image links are signed for minutes only: fetch fresh ones each time the modal opens.
    staleTime: 0,
    gcTime: 0,
  });

export const useVerificationDetails = (userId: number | null) =>
  useQuery({ ...verificationDetailsQuery(userId ?? 0), enabled: userId !== null });
