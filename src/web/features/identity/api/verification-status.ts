/** GET /api-v1/documents-verification/: the user's latest submission, or null when none (a 404). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { verificationStatusResponse, type VerificationStatusResponse } from '../../../../shared/api/identity';
import { api, isApiError } from '../../../lib/api';

async function getVerificationStatus(signal?: AbortSignal): Promise<VerificationStatusResponse | null> {
  try {
    return await api.get('/api-v1/documents-verification/', { schema: verificationStatusResponse, signal });
  } catch (error) {
    if (isApiError(error) && error.status === 404) return null;
    throw error;
  }
}

export const verificationStatusQuery = () =>
  queryOptions({
    queryKey: ['identity', 'status'] as const,
    queryFn: ({ signal }) => getVerificationStatus(signal),
    // Staff decide on another device: every visit to the screen asks again.
    staleTime: 0,
    refetchOnWindowFocus: true,
  });

export const useVerificationStatus = () => useQuery(verificationStatusQuery());
