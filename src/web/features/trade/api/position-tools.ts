/**
 * A trader's tools on an open position (docs/decisions/0025-trade-protection.md):
 * POST /api-v1/trade-tpsl/ sets, changes or clears (null) the take-profit and stop-loss;
 * POST /api-v1/trade-margin/ adds (positive) or removes (negative) margin, with an Idempotency-Key
 * per submission (money moves). Afterwards the active list and the balance refresh.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { tradeAnswer, type TradeMarginInput, type TradeTpslInput } from '../../../../shared/api/trade';
import { api } from '../../../lib/api';
import { idempotencyHeaders, useSubmissionKey } from '../../../lib/submission-key';
import { WALLET_KEY } from '../../../lib/query-keys';
import { mergeActiveTrade } from './active-trades';
import { tradeKeys } from './keys';

export function useSetTpsl() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TradeTpslInput) => api.post('/api-v1/trade-tpsl/', body, { schema: tradeAnswer }),
    onSuccess: (answer) => mergeActiveTrade(client, answer.trade),
    onError: (error) => console.warn('[trade] take-profit / stop-loss refused', error),
    onSettled: () => client.invalidateQueries({ queryKey: tradeKeys.active }),
  });
}

export function useChangeMargin() {
  const client = useQueryClient();
  const submission = useSubmissionKey();
  return useMutation({
    mutationFn: (body: TradeMarginInput) =>
      api.post('/api-v1/trade-margin/', body, {
        schema: tradeAnswer,
        headers: idempotencyHeaders(submission.keyFor(body)),
      }),
    onSuccess: (answer) => {
      submission.finish();
      mergeActiveTrade(client, answer.trade);
    },
    onError: (error) => console.warn('[trade] margin change refused', error),
    onSettled: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: tradeKeys.active }),
        client.invalidateQueries({ queryKey: WALLET_KEY }),
      ]),
  });
}
