/**
 * Withdrawal protection and the anti-phishing code (docs/security.md "## Withdrawal protection and
 * anti-phishing"): the Safety Center's status, the address book, the whitelist switch and the code.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { messageBody } from '../../../../shared/api/common';
import {
  securityStatus,
  withdrawalAddress,
  withdrawalAddressList,
  type WithdrawalAddressBody,
} from '../../../../shared/api/protection';
import { z } from 'zod';
import { api } from '../../../lib/api';

const SECURITY_STATUS_KEY = ['security', 'status'] as const;
/** The same key the withdrawal screen's address picker reads (wallet/api/saved-addresses.ts). */
const WITHDRAWAL_ADDRESSES_KEY = ['withdrawal-addresses'] as const;

export const useSecurityStatus = () =>
  useQuery({
    queryKey: SECURITY_STATUS_KEY,
    queryFn: ({ signal }) => api.get('/api-v1/security/status/', { schema: securityStatus, signal }),
  });

export const useWithdrawalAddresses = () =>
  useQuery({
    queryKey: WITHDRAWAL_ADDRESSES_KEY,
    queryFn: ({ signal }) => api.get('/api-v1/withdrawal-addresses/', { schema: withdrawalAddressList, signal }),
  });

function useRefresh() {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: WITHDRAWAL_ADDRESSES_KEY }),
      client.invalidateQueries({ queryKey: SECURITY_STATUS_KEY }),
    ]);
}

export function useAddAddress() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: Omit<WithdrawalAddressBody, 'passkey'>) =>
      api.post('/api-v1/withdrawal-addresses/', body, { schema: withdrawalAddress }),
    onSuccess: refresh,
  });
}

export function useDeleteAddress() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: number) => api.delete(`/api-v1/withdrawal-addresses/${id}/`, { schema: messageBody }),
    onSuccess: refresh,
  });
}

const whitelistAnswer = z.object({ message: z.string(), whitelist_enabled: z.boolean() });
export function useSetWhitelist() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: { enabled: boolean; code?: string }) =>
      api.put('/api-v1/withdrawal-whitelist/', body, { schema: whitelistAnswer }),
    onSuccess: refresh,
  });
}

const antiPhishingAnswer = z.object({ message: z.string(), anti_phishing_code: z.string() });
export function useSetAntiPhishingCode() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: { code: string; two_factor_code?: string }) =>
      api.put('/api-v1/anti-phishing-code/', body, { schema: antiPhishingAnswer }),
    onSuccess: refresh,
  });
}
