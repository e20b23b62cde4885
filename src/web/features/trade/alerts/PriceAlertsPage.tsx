/**
 * /price-alerts (docs/decisions/0055-alerts-statements.md): the user's price alerts, newest first, each
 * waiting or fired (at which price), with edit (arms it again) and delete. Reached from the drawer and
 * from the bell's sheet on a pair's screen.
 */
import { useState } from 'react';
import { Link } from 'react-router';
import type { PriceAlertItem } from '../../../../shared/api/price-alerts';
import { MSG } from '../../../../shared/messages';
import { TrashIcon } from '../../../components/icons';
import { Notice } from '../../../components/Notice';
import { BottomSheet } from '../../../components/Overlay';
import { PageHeader } from '../../../components/PageHeader';
import { Screen } from '../../../components/Screen';
import { Spinner } from '../../../components/Spinner';
import { errorMessage } from '../../../lib/api';
import { useI18n } from '../../../lib/i18n';
import { pairPathOf, PATHS } from '../../../lib/paths';
import { AlertForm } from './AlertForm';
import { useDeletePriceAlert, useEditPriceAlert, usePriceAlerts } from './api';

const pairOf = (symbol: string) => `${symbol.replace(/USDT$/, '')}/USDT`;

function AlertRow({ alert, onEdit }: { alert: PriceAlertItem; onEdit: () => void }) {
  const { t, number, dateTime } = useI18n();
  const remove = useDeletePriceAlert();
  const to = pairPathOf(alert.symbol);
  return (
    <li className="flex items-center gap-3 rounded-2xl bg-surface p-4 shadow-card">
      <div className="min-w-0 flex-1">
        {to ? (
          <Link to={to} className="font-semibold hover:underline">
            {pairOf(alert.symbol)}
          </Link>
        ) : (
          <span className="font-semibold">{pairOf(alert.symbol)}</span>
        )}
        <p className="text-[15px]">{t(`alerts.describe.${alert.condition}`, { value: number(alert.value) })}</p>
        <p className={alert.fired_at ? 'text-[13px] text-up' : 'text-[13px] text-muted'}>
          {alert.fired_at && alert.fired_price ? (
            <>
              {t('alerts.fired', { price: number(alert.fired_price) })}{' '}
              <span className="whitespace-nowrap">· {dateTime(alert.fired_at)}</span>
            </>
          ) : (
            t('alerts.waiting')
          )}
        </p>
      </div>
      <button
        type="button"
        onClick={onEdit}
        className="flex h-touch items-center rounded-lg px-3 text-[14px] font-semibold text-primary hover:bg-primary/10"
      >
        {t('alerts.edit')}
      </button>
      <button
        type="button"
        onClick={() => remove.mutate(alert.id)}
        disabled={remove.isPending}
        aria-label={`${t('alerts.delete')} ${pairOf(alert.symbol)}`}
        className="flex h-touch min-w-touch items-center justify-center rounded-full text-down hover:bg-down/10"
      >
        <TrashIcon size={18} />
      </button>
    </li>
  );
}

export function PriceAlertsPage() {
  const { t } = useI18n();
  const alerts = usePriceAlerts();
  const edit = useEditPriceAlert();
  const [editing, setEditing] = useState<PriceAlertItem | null>(null);
  const close = () => {
    setEditing(null);
    edit.reset();
  };
  return (
    <>
      <PageHeader title={t('alerts.listTitle')} fallback={PATHS.home} />
      <Screen className="gap-3">
        {alerts.isPending && <Spinner />}
        {alerts.isError && <Notice tone="error">{errorMessage(alerts.error, MSG.somethingWentWrong)}</Notice>}
        {alerts.data && (
          <>
            <p className="text-[13px] text-muted">
              {t('alerts.listCount', { count: alerts.data.results.length, max: alerts.data.max })}
            </p>
            {alerts.data.results.length === 0 ? (
              <p className="rounded-2xl bg-surface p-6 text-center text-muted shadow-card">{t('alerts.empty')}</p>
            ) : (
              <ul className="flex flex-col gap-3">
                {alerts.data.results.map((alert) => (
                  <AlertRow key={alert.id} alert={alert} onEdit={() => setEditing(alert)} />
                ))}
              </ul>
            )}
          </>
        )}
      </Screen>
      <BottomSheet
        open={editing !== null}
        onClose={close}
        title={editing ? t('alerts.editTitle', { pair: pairOf(editing.symbol) }) : ''}
      >
        {editing && (
          <AlertForm
            key={editing.id}
            initial={{ condition: editing.condition, value: editing.value }}
            price={undefined}
            submitLabel={t('alerts.save')}
            busy={edit.isPending}
            error={edit.error}
            onSubmit={(values) => edit.mutate({ id: editing.id, ...values }, { onSuccess: close })}
          />
        )}
      </BottomSheet>
    </>
  );
}
