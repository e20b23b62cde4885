/**
 * TOTP two-factor authentication (docs/decisions/0021-two-factor.md): GET /api-v1/2fa/ and setup, enable, disable, new recovery codes. Every
 * change refreshes the status, which the Safety Center row and the withdrawal form read too.
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FactorChangeProof } from '../../../../shared/api/security';
import type { TwoFactorCodeBody } from '../../../../shared/api/two-factor';
import { api } from '../../../lib/api';

const schemas = () => import('../../../../shared/api/two-factor');

const twoFactorStatusQuery = () =>
  queryOptions({
    queryKey: ['safety', 'two-factor'] as const,
    queryFn: ({ signal }) => api.get('/api-v1/2fa/', { schema: async () => (await schemas()).twoFactorStatus, signal }),
  });

export const useTwoFactorStatus = (enabled = true) => useQuery({ ...twoFactorStatusQuery(), enabled });

function useRefreshingMutation<B, T>(mutationFn: (body: B) => Promise<T>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: twoFactorStatusQuery().queryKey }),
  });
}

/** With the proof of docs/decisions/0045, built on submit (FactorProof.tsx). */
export const useTwoFactorSetup = () =>
  useRefreshingMutation(async (proof: () => Promise<FactorChangeProof>) =>
    api.post('/api-v1/2fa/setup/', await proof(), { schema: async () => (await schemas()).twoFactorSetupResponse }),
  );

export const useTwoFactorEnable = () =>
  useRefreshingMutation((body: TwoFactorCodeBody) =>
    api.post('/api-v1/2fa/enable/', body, { schema: async () => (await schemas()).twoFactorEnabledResponse }),
  );

export const useTwoFactorDisable = () =>
  useRefreshingMutation((body: TwoFactorCodeBody) =>
    api.post('/api-v1/2fa/disable/', body, {
      schema: async () => (await import('../../../../shared/api/common')).messageBody,
    }),
  );

/** Ten new recovery codes for the old ones, with a current code (docs/decisions/0045). */
export const useTwoFactorRecoveryCodes = () =>
  useRefreshingMutation((body: TwoFactorCodeBody) =>
    api.post('/api-v1/2fa/recovery-codes/', body, {
      schema: async () => (await schemas()).twoFactorEnabledResponse,
    }),
  );
