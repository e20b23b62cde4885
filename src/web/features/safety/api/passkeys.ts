/**
 * The user's passkeys (docs/decisions/0022-passkeys.md): GET/POST /api-v1/passkeys/, PATCH and DELETE /api-v1/passkeys/{id}/.
 * Adding or removing one takes the proof of docs/decisions/0045 (FactorProof.tsx): the current
 * second factor, or with none on the login password and an emailed code.
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FactorChangeProof } from '../../../../shared/api/security';
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

/** The passkey branch of a proof (FactorProof.tsx). */
export const usePasskeyProof = () => passkeyProof;

/** The proof of docs/decisions/0045, built on submit (a passkey is asked of the device then). */
type ProofOf = () => Promise<FactorChangeProof>;

export interface AddPasskeyInput {
  name: string;
  proof: ProofOf;
}

export function useAddPasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ name, proof }: AddPasskeyInput) => {
      const options = await api.post('/api-v1/passkeys/registration-options/', await proof(), {
        schema: webauthnOptions,
      });
      const response = await createPasskey(options);
      return api.post('/api-v1/passkeys/', { name, response }, { schema: passkeyView });
    },
    onSettled: () => invalidate(queryClient),
  });
}

/** The list and the 2FA status (a removal may turn 2FA off) are read again after a change. */
const invalidate = (queryClient: ReturnType<typeof useQueryClient>) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: passkeysQuery().queryKey }),
    queryClient.invalidateQueries({ queryKey: ['safety', 'two-factor'] }),
  ]);

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
    mutationFn: async ({ id, proof }: { id: number; proof: ProofOf }) =>
      api.delete(`/api-v1/passkeys/${id}/`, { json: await proof() }),
    onSettled: () => invalidate(queryClient),
  });
}
