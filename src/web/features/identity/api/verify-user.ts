/**
 * Staff: PATCH /api-v3/admin/verify-user/{user_id}/ with `verified`, or `unverified` and a reason to
 * reject. Failures are only logged (docs/product.md section 8); either way both request lists reload
 * (docs/product.md section 4; the pending transactions are the wallet feature's, both keys in lib/query-keys.ts), so the screen shows what the server now holds.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { verifyUserResponse, type VerifyUserBody } from '../../../../shared/api/identity';
import { MSG } from '../../../../shared/messages';
import { api } from '../../../lib/api';
import { PENDING_TRANSACTIONS_KEY, UNVERIFIED_USERS_KEY } from '../../../lib/query-keys';

interface VerifyUserInput {
  userId: number;
  status: VerifyUserBody['status'];
  reason?: string;
}

const verifyUser = ({ userId, status, reason }: VerifyUserInput) =>
  api.patch(
    `/api-v3/admin/verify-user/${userId}/`,
    { status, ...(reason ? { reason } : {}) },
    { schema: verifyUserResponse },
  );

export function useVerifyUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifyUser,
    onError: (error) => console.error(MSG.verifyUserFailed, error),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: UNVERIFIED_USERS_KEY }),
        queryClient.invalidateQueries({ queryKey: PENDING_TRANSACTIONS_KEY }),
      ]),
  });
}
