/**
 * POST /api-v1/trade-creation/ with an Idempotency-Key per submission; afterwards the active list
 * and the balance refresh (docs/product.md 7). A refusal is logged and its message shown by the form.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { tradeAnswer, type TradeCreationInput } from '../../../../shared/api/trade';
import { api } from '../../../lib/api';
import { orderIdentity } from '../order-form';
import { idempotencyHeaders, useSubmissionKey } from '../../../lib/submission-key';
import { WALLET_KEY } from '../../../lib/query-keys';
import { tradeKeys } from './keys';

const openTrade = (payload: TradeCreationInput, idempotencyKey: string) =>
  api.post('/api-v1/trade-creation/', payload, { schema: tradeAnswer, headers: idempotencyHeaders(idempotencyKey) });

export function useOpenTrade() {
  const client = useQueryClient();
  const submission = useSubmissionKey();
  return useMutation({
    mutationFn: (payload: TradeCreationInput) => openTrade(payload, submission.keyFor(orderIdentity(payload))),
    onSuccess: () => submission.finish(),
    onError: (error) => console.warn('[trade] order refused', error),
    // Also after a failure: a dropped answer may hide an order that was placed.
    onSettled: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: tradeKeys.active }),
        client.invalidateQueries({ queryKey: WALLET_KEY }),
      ]),
  });
}
