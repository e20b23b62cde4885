/**
 * The staff queue of fiat orders (docs/decisions/0054-fiat-orders.md): open orders oldest first, each
 * with its user, reference, side and amount; staff type the payment instructions (bank details), mark it
 * paid, complete it (the server moves the coins on the legal wallet) or cancel it. Every action is
 * audited and notified by the server.
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import {
  fiatOrderAnswer,
  staffFiatOrders,
  type FiatAction,
  type StaffFiatOrderItem,
} from '../../../../shared/api/fiat';
import { MSG } from '../../../../shared/messages';
import { Button } from '../../../components/Button';
import { api, errorMessage } from '../../../lib/api';
import { useI18n } from '../../../lib/i18n';
import { EmptyList, LoadError } from '../ListState';
import { formatDateTime } from '../views';

const openFiatOrdersQuery = () =>
  queryOptions({
    queryKey: ['admin', 'fiat-orders', 'open'] as const,
    queryFn: ({ signal }) => api.get('/api-v3/admin/fiat-orders/?status=open', { schema: staffFiatOrders, signal }),
    refetchInterval: 10_000,
  });

function useFiatAction(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { action: FiatAction; instructions?: string }) =>
      api.post(`/api-v3/admin/fiat-orders/${id}/`, body, { schema: fiatOrderAnswer }),
    onSettled: () => client.invalidateQueries({ queryKey: openFiatOrdersQuery().queryKey }),
  });
}

function FiatOrderRow({ order }: { order: StaffFiatOrderItem }) {
  const { t, number, message } = useI18n();
  const [instructions, setInstructions] = useState(order.instructions ?? '');
  const act = useFiatAction(order.id);
  const run = (action: FiatAction) =>
    act.mutate(action === 'instructions' ? { action, instructions: instructions.trim() } : { action });
  return (
    <li className="flex flex-col gap-3 rounded-2xl bg-surface p-4 shadow-card" data-testid="staff-fiat-order">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <span className="text-[15px] font-semibold">
          {t(order.side === 'buy' ? 'fiat.staff.buy' : 'fiat.staff.sell', {
            amount: number(order.amount),
            coin: order.currency,
          })}
        </span>
        <span className="text-xs font-semibold text-muted">{t(`pages.legalCurrency.status.${order.status}`)}</span>
      </div>
      <p className="text-sm text-muted">
        <span className="font-mono text-ink">{order.reference}</span> · {order.user_email} ·{' '}
        {formatDateTime(order.created_at)}
      </p>
      <label className="flex flex-col gap-1 text-sm">
        <span className="font-medium">{t('pages.legalCurrency.instructions')}</span>
        <textarea
          value={instructions}
          onChange={(event) => setInstructions(event.target.value)}
          rows={3}
          maxLength={1000}
          placeholder={t('fiat.staff.instructionsHint')}
          className="rounded-xl border border-line bg-surface-2 p-3 text-sm"
        />
      </label>
      <div className="grid grid-cols-2 gap-2 sm:grid-cols-4">
        <Button
          variant="secondary"
          busy={act.isPending}
          disabled={order.status === 'paid' || instructions.trim() === ''}
          onClick={() => run('instructions')}
        >
          {t('fiat.staff.postInstructions')}
        </Button>
        <Button variant="secondary" busy={act.isPending} disabled={order.status === 'paid'} onClick={() => run('paid')}>
          {t('fiat.staff.markPaid')}
        </Button>
        <Button busy={act.isPending} disabled={order.status !== 'paid'} onClick={() => run('complete')}>
          {t('fiat.staff.complete')}
        </Button>
        <Button variant="danger" busy={act.isPending} onClick={() => run('cancel')}>
          {t('fiat.staff.cancel')}
        </Button>
      </div>
      {act.isError && (
        <p role="alert" className="text-sm text-down">
          {message(errorMessage(act.error, MSG.somethingWentWrong))}
        </p>
      )}
    </li>
  );
}

export function FiatOrdersView() {
  const { t, message } = useI18n();
  const orders = useQuery(openFiatOrdersQuery());
  if (orders.isError)
    return (
      <LoadError
        message={message(errorMessage(orders.error, MSG.somethingWentWrong))}
        onRetry={() => void orders.refetch()}
      />
    );
  if (!orders.data) return null;
  if (orders.data.length === 0) return <EmptyList message={t('fiat.staff.empty')} />;
  return (
    <ul className="flex flex-col gap-3">
      {orders.data.map((order) => (
        <FiatOrderRow key={order.id} order={order} />
      ))}
    </ul>
  );
}
