/**
 * Close → POST /api-v1/trade-updation/ {trade_id, current_price, is_closed: true} (docs/product.md 7); for
 * a pending limit order the same call cancels it. The quoted price is the coin's last price
 * (ticker/24hr, USDO from default-currency, as docs/product.md 7 says); the server closes at its own mark.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { tradeAnswer, type TradeAnswer, type TradeItem } from '../../../../shared/api/trade';
import { api } from '../../../lib/api';
import { fetchCoinPrice } from '../../market';
import { dropActiveTrade } from './active-trades';
import { idempotencyHeaders, useSubmissionKey } from '../../../lib/submission-key';
import { WALLET_KEY } from '../../../lib/query-keys';
import { TRADES_KEY } from './keys';

/** The price to quote: the market's last price, else the server's mark from the list. */
async function closePriceOf(trade: TradeItem): Promise<string> {
  const known = trade.current_price ?? trade.starting_price;
  // Cancelling an order does not depend on the price; the server only checks its form.
  if (trade.status === 'pending') return known;
  try {
    return await fetchCoinPrice(trade.coin);
  } catch {
    return known;
  }
}

/** What to close: the whole trade, or only `hands` of an open position (docs/decisions/0025). */
export interface CloseRequest {
  trade: TradeItem;
  hands?: string;
}

async function closeTrade({ trade, hands }: CloseRequest, idempotencyKey: string) {
  const currentPrice = await closePriceOf(trade);
  return api.post(
    '/api-v1/trade-updation/',
    { trade_id: trade.trade_id, current_price: currentPrice, is_closed: true, ...(hands ? { hands } : {}) },
    { schema: tradeAnswer, headers: idempotencyHeaders(idempotencyKey) },
  );
}

/**
 * What to do with the answer. Kept on the mutation, not passed to mutate(): the row that pressed Close
 * or Cancel leaves the list (the positions push, dropActiveTrade) before the answer is read, and
 * mutate()'s callbacks do not run once their component is gone; the screen must still say what happened.
 */
export interface CloseOutcome {
  onClosed?: (answer: TradeAnswer) => void;
  onRefused?: (error: unknown) => void;
}

export function useCloseTrade({ onClosed, onRefused }: CloseOutcome = {}) {
  const client = useQueryClient();
  const submission = useSubmissionKey();
  return useMutation({
    mutationFn: (request: CloseRequest) =>
      closeTrade(request, submission.keyFor({ close: request.trade.trade_id, hands: request.hands ?? null })),
    onSuccess: (answer) => {
      submission.finish();
      onClosed?.(answer);
      // A partial close leaves the position open with fewer hands: the refetch below shows it.
      if (answer.trade.is_closed) dropActiveTrade(client, answer.trade.trade_id);
    },
    onError: (error) => {
      console.warn('[trade] close refused', error);
      onRefused?.(error);
    },
    onSettled: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: TRADES_KEY }),
        client.invalidateQueries({ queryKey: WALLET_KEY }),
      ]),
  });
}
