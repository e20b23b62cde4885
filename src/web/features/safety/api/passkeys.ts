/**
 * The user's passkeys (issue 16): GET/POST /api-v1/passkeys/, PATCH and DELETE /api-v1/passkeys/{id}/.
 * Adding one asks the server for options, the browser for a new passkey, then saves it; with 2FA
 * on, the current second factor is proved first (a passkey the user has, or the code they type).
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { createPasskey, signWithPasskey } from '../../../lib/passkeys';

const schemas = () => import('../../../../shared/api/passkeys');
const passkeyList = async () => (await schemas()).passkeyList;
const passkeyView = async () => (await schemas()).passkeyView;
const webauthnOptions = async () => (await schemas()).webauthnOptions;

const passkeysQuery = () =>
  queryOptions({
    queryKey: ['safety', 'passkeys'] as const,
    queryFn: ({ signal }) => api.get('/api-v1/passkeys/', { schema: passkeyList, signal }),
  });

export const usePasskeys = () => useQuery(passkeysQuery());

/** A second-factor assertion by one of the user's passkeys (POST /api-v1/passkeys/assertion-options/). */
async function passkeyProof(): Promise<Record<string, unknown>> {
  const options = await api.post('/api-v1/passkeys/assertion-options/', {}, { schema: webauthnOptions });
  return signWithPasskey(options);
}

export interface AddPasskeyInput {
  name: string;
  /** The user has a passkey already: it proves the second factor. */
  hasPasskey: boolean;
  /** A TOTP or recovery code, when the server asked for one. */
  twoFactorCode?: string;
}

export function useAddPasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ name, hasPasskey, twoFactorCode }: AddPasskeyInput) => {
      const proof = twoFactorCode
        ? { two_factor_code: twoFactorCode }
        : hasPasskey
          ? { passkey: await passkeyProof() }
          : {};
      const options = await api.post('/api-v1/passkeys/registration-options/', proof, { schema: webauthnOptions });
      const response = await createPasskey(options);
      return api.post('/api-v1/passkeys/', { name, response }, { schema: passkeyView });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: passkeysQuery().queryKey }),
  });
}

export function useRenamePasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, name }: { id: number; name: string }) =>
      api.patch(`/api-v1/passkeys/${id}/`, { name }, { schema: passkeyView }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: passkeysQuery().queryKey }),
  });
}

export function useRemovePasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete(`/api-v1/passkeys/${id}/`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: passkeysQuery().queryKey }),
  });
}
