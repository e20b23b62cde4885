/** Price alerts (docs/decisions/0055-alerts-statements.md): the list, set, edit (armed again), delete. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { messageBody } from '../../../../shared/api/common';
import {
  priceAlertAnswer,
  priceAlertList,
  type PriceAlertBody,
  type PriceAlertPatchBody,
} from '../../../../shared/api/price-alerts';
import { api } from '../../../lib/api';

const PRICE_ALERTS_KEY = ['price-alerts'] as const;

export const usePriceAlerts = () =>
  useQuery({
    queryKey: PRICE_ALERTS_KEY,
    queryFn: ({ signal }) => api.get('/api-v1/price-alerts/', { schema: priceAlertList, signal }),
  });

function useRefresh() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: PRICE_ALERTS_KEY });
}

export function useSetPriceAlert() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: PriceAlertBody) => api.post('/api-v1/price-alerts/', body, { schema: priceAlertAnswer }),
    onSuccess: refresh,
  });
}

export function useEditPriceAlert() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, ...body }: PriceAlertPatchBody & { id: number }) =>
      api.patch(`/api-v1/price-alerts/${id}/`, body, { schema: priceAlertAnswer }),
    onSuccess: refresh,
  });
}

export function useDeletePriceAlert() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: number) => api.delete(`/api-v1/price-alerts/${id}/`, { schema: messageBody }),
    onSuccess: refresh,
  });
}
