/**
 * The staff page of Earn (docs/decisions/0052-earn.md): what is locked, the yield owed by active
 * orders and paid so far, the maturities by day, and per product the switch (close / reopen) and the
 * yield of new subscriptions. Every change is audited by the server.
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { earnOverview, earnProductSaved, type EarnOverview, type EarnProductBody } from '../../../../shared/api/earn';
import { QUOTE_CURRENCY } from '../../../../shared/constants';
import { MSG } from '../../../../shared/messages';
import { Button } from '../../../components/Button';
import { TextField } from '../../../components/TextField';
import { api, errorMessage } from '../../../lib/api';
import { useI18n } from '../../../lib/i18n';
import { EmptyList, LoadError } from '../ListState';

const earnOverviewQuery = () =>
  queryOptions({
    queryKey: ['admin', 'earn'] as const,
    queryFn: ({ signal }) => api.get('/api-v3/admin/earn/', { schema: earnOverview, signal }),
    refetchInterval: 30_000,
  });

type StaffProduct = EarnOverview['products'][number];

function ProductRow({ product }: { product: StaffProduct }) {
  const { t, number, message } = useI18n();
  const client = useQueryClient();
  const [yieldPercent, setYieldPercent] = useState(product.yield_percent);
  const save = useMutation({
    mutationFn: (body: EarnProductBody) =>
      api.put(`/api-v3/admin/earn/products/${product.id}/`, body, { schema: earnProductSaved }),
    onSettled: () => client.invalidateQueries({ queryKey: earnOverviewQuery().queryKey }),
  });
  return (
    <li className="flex flex-col gap-3 rounded-2xl bg-surface p-4 shadow-card" data-testid="staff-earn-product">
      <div className="flex items-baseline justify-between gap-2">
        <span className="text-[15px] font-semibold">{product.name}</span>
        <span className={product.open ? 'text-xs font-semibold text-up' : 'text-xs font-semibold text-down'}>
          {t(product.open ? 'earn.staff.open' : 'earn.staff.closed')}
        </span>
      </div>
      <dl className="grid grid-cols-3 gap-2 text-sm">
        <div>
          <dt className="text-xs text-muted">{t('earn.staff.locked')}</dt>
          <dd className="font-medium">{number(product.locked)}</dd>
        </div>
        <div>
          <dt className="text-xs text-muted">{t('earn.staff.yieldOwed')}</dt>
          <dd className="font-medium">{number(product.yield_owed)}</dd>
        </div>
        <div>
          <dt className="text-xs text-muted">{t('earn.staff.activeOrders')}</dt>
          <dd className="font-medium">{number(String(product.active_orders))}</dd>
        </div>
      </dl>
      <div className="flex items-end gap-2">
        <TextField
          className="flex-1"
          label={t('earn.staff.yieldPercent')}
          inputMode="decimal"
          value={yieldPercent}
          onChange={(event) => setYieldPercent(event.target.value)}
        />
        <Button
          className="w-auto px-4"
          variant="secondary"
          busy={save.isPending}
          onClick={() => save.mutate({ yield_percent: yieldPercent.trim() })}
        >
          {t('earn.staff.save')}
        </Button>
      </div>
      <Button
        variant={product.open ? 'danger' : 'primary'}
        busy={save.isPending}
        onClick={() => save.mutate({ open: !product.open })}
      >
        {t(product.open ? 'earn.staff.close' : 'earn.staff.reopen')}
      </Button>
      {save.isError && (
        <p role="alert" className="text-sm text-down">
          {message(errorMessage(save.error, MSG.somethingWentWrong))}
        </p>
      )}
    </li>
  );
}

export function EarnView() {
  const { t, number, date, message } = useI18n();
  const overview = useQuery(earnOverviewQuery());
  if (overview.isError)
    return (
      <LoadError
        message={message(errorMessage(overview.error, MSG.somethingWentWrong))}
        onRetry={() => void overview.refetch()}
      />
    );
  const data = overview.data;
  if (!data) return null;
  const total = (label: string, value: string) => (
    <div className="rounded-2xl bg-surface p-4 shadow-card">
      <dt className="text-xs text-muted">{label}</dt>
      <dd className="mt-1 text-[17px] font-semibold">
        {number(value)} {QUOTE_CURRENCY}
      </dd>
    </div>
  );
  return (
    <div className="flex flex-col gap-4">
      <dl className="grid grid-cols-3 gap-3">
        {total(t('earn.staff.locked'), data.locked)}
        {total(t('earn.staff.yieldOwed'), data.yield_owed)}
        {total(t('earn.staff.yieldPaid'), data.yield_paid)}
      </dl>
      <ul className="flex flex-col gap-3">
        {data.products.map((product) => (
          <ProductRow key={`${product.id}-${product.yield_percent}`} product={product} />
        ))}
      </ul>
      <h2 className="text-[15px] font-semibold">{t('earn.staff.maturities')}</h2>
      {data.maturities.length === 0 ? (
        <EmptyList message={t('earn.staff.empty')} />
      ) : (
        <table className="w-full text-sm" data-testid="staff-earn-maturities">
          <tbody>
            {data.maturities.map((day) => (
              <tr key={day.day} className="border-b border-line">
                <td className="py-2">{date(`${day.day}T00:00:00Z`)}</td>
                <td className="py-2 text-muted">{t('earn.staff.orders', { count: String(day.orders) })}</td>
                <td className="py-2 text-right font-medium">{number(day.principal)}</td>
                <td className="py-2 text-right text-up">+{number(day.yield)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
