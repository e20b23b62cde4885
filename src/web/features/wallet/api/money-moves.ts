/**
 * The money-moving calls (docs/product.md 7): recharge (a deposit request), transfer between the
 * user's wallets, withdraw, and the owner's cancel of a pending withdrawal (docs/decisions/0028-deposit-networks.md). Each carries the submission's Idempotency-Key; success refreshes every
 * balance and history.
 */
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  rechargeBody,
  transactionCreated,
  transferBody,
  withdrawalBody,
  type WithdrawalCancelBody,
} from '../../../../shared/api/wallet';
import { api } from '../../../lib/api';
import { idempotencyHeaders } from '../../../lib/submission-key';
import { WALLET_KEY } from '../../../lib/query-keys';

export type RechargeRequest = z.input<typeof rechargeBody>;
export type TransferRequest = z.input<typeof transferBody>;
export type WithdrawalRequest = z.input<typeof withdrawalBody>;

interface Submission<T> {
  body: T;
  idempotencyKey: string;
}

const refreshMoney = (queryClient: QueryClient) => queryClient.invalidateQueries({ queryKey: WALLET_KEY });

function useMoneyPost<T>(path: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: Submission<T>) =>
      api.post(path, body, { schema: transactionCreated, headers: idempotencyHeaders(idempotencyKey) }),
    onSuccess: () => refreshMoney(queryClient),
  });
}

export const useRecharge = () => useMoneyPost<RechargeRequest>('/api-v1/recharge/');
export const useTransfer = () => useMoneyPost<TransferRequest>('/api-v1/transfer-to-wallet/');
export const useWithdraw = () => useMoneyPost<WithdrawalRequest>('/api-v1/withdraw/');
export const useCancelWithdrawal = () => useMoneyPost<WithdrawalCancelBody>('/api-v1/withdraw/cancel/');
