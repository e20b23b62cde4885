/**
 * Convert's calls (docs/decisions/0053-convert.md): ask for a quote, execute it. A convert refreshes
 * every balance.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { convertDone, convertQuote, type ConvertQuote } from '../../../../shared/api/convert';
import { api } from '../../../lib/api';
import { WALLET_KEY } from '../../../lib/query-keys';

export interface QuoteRequest {
  from: string;
  to: string;
  amount: string;
}

export const requestQuote = (body: QuoteRequest): Promise<ConvertQuote> =>
  api.post('/api-v1/convert/quote/', body, { schema: convertQuote });

export function useConvert() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (quoteId: string) => api.post('/api-v1/convert/', { quote_id: quoteId }, { schema: convertDone }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: WALLET_KEY }),
  });
}
