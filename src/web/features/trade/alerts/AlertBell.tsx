/**
 * The bell on a pair's screen (Lever and Exchange, docs/decisions/0055-alerts-statements.md): opens a
 * sheet to set a price alert on the pair, with a link to the list of all alerts.
 */
import { useState } from 'react';
import { Link } from 'react-router';
import { PRICE_ALERTS_MSG } from '../../../../shared/api/price-alerts';
import { BellIcon } from '../../../components/icons';
import { Notice } from '../../../components/Notice';
import { BottomSheet } from '../../../components/Overlay';
import { useI18n } from '../../../lib/i18n';
import { PATHS } from '../../../lib/paths';
import { pairLabel } from '../display';
import { AlertForm } from './AlertForm';
import { useSetPriceAlert } from './api';

export function AlertBell({ coin, price }: { coin: string; price: string | undefined }) {
  const { t, message } = useI18n();
  const [open, setOpen] = useState(false);
  const [formKey, setFormKey] = useState(0);
  const setAlert = useSetPriceAlert();
  const pair = pairLabel(coin);
  const close = () => {
    setOpen(false);
    setAlert.reset();
  };
  return (
    <>
      <button
        type="button"
        onClick={() => {
          setAlert.reset();
          setFormKey((k) => k + 1);
          setOpen(true);
        }}
        aria-label={t('alerts.bell', { pair })}
        aria-haspopup="dialog"
        className="ml-auto flex h-touch min-w-touch items-center justify-center rounded-full text-ink hover:bg-surface-2"
      >
        <BellIcon size={20} />
      </button>
      <BottomSheet open={open} onClose={close} title={t('alerts.sheetTitle', { pair })}>
        {setAlert.isSuccess ? (
          <Notice tone="success">{message(PRICE_ALERTS_MSG.created)}</Notice>
        ) : (
          <AlertForm
            key={formKey}
            initial={{ condition: 'above', value: '' }}
            price={price}
            submitLabel={t('alerts.set')}
            busy={setAlert.isPending}
            error={setAlert.error}
            onSubmit={(values) => setAlert.mutate({ symbol: `${coin}USDT`, ...values })}
          />
        )}
        <Link
          to={PATHS.priceAlerts}
          className="mt-4 flex h-touch items-center justify-center rounded-xl text-[15px] font-semibold text-primary hover:bg-primary/10"
        >
          {t('alerts.manage')}
        </Link>
      </BottomSheet>
    </>
  );
}
