/** API keys (docs/security.md "API keys"): list, create (secret answered once), switch, delete. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { messageBody } from '../../../../shared/api/common';
import { apiKeyAnswer, apiKeyCreated, apiKeyList, type ApiKeyInput } from '../../../../shared/api/api-keys';
import { api } from '../../../lib/api';

const API_KEYS_KEY = ['api-keys'] as const;

export const useApiKeys = () =>
  useQuery({
    queryKey: API_KEYS_KEY,
    queryFn: ({ signal }) => api.get('/api-v1/api-keys/', { schema: apiKeyList, signal }),
  });

function useRefresh() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: API_KEYS_KEY });
}

export function useCreateApiKey() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: Omit<ApiKeyInput, 'passkey'>) => api.post('/api-v1/api-keys/', body, { schema: apiKeyCreated }),
    onSuccess: refresh,
  });
}

export function useSetApiKeyEnabled() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, enabled }: { id: number; enabled: boolean }) =>
      api.patch(`/api-v1/api-keys/${id}/`, { enabled }, { schema: apiKeyAnswer }),
    onSuccess: refresh,
  });
}

export function useDeleteApiKey() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: number) => api.delete(`/api-v1/api-keys/${id}/`, { schema: messageBody }),
    onSuccess: refresh,
  });
}
