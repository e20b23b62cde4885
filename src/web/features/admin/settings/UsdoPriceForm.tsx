/**
 * The in-house coin's price in USDT: what users see at /api-v1/default-currency/ and trade USDO at,
 * with the range a change may take now (docs/decisions/0049-usdo-price-window.md).
 */
import { useState } from 'react';
import { ADMIN_MSG, usdoPriceInput, type AdminSettings } from '../../../../shared/api/admin';
import { IN_HOUSE_COIN } from '../../../../shared/constants';
import { TextField } from '../../../components/TextField';
import { errorMessage } from '../../../lib/api';
import { useStaffI18n } from '../use-staff-i18n';
import { useSaveSettings } from '../api/settings';
import { SettingsCard, type SaveOutcome } from './SettingsCard';

export function UsdoPriceForm({ current }: { current: AdminSettings['usdo_price'] }) {
  const [price, setPrice] = useState(current.price);
  const [error, setError] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<SaveOutcome | null>(null);
  const save = useSaveSettings();
  const { t, message, number, dateTime } = useStaffI18n();

  const submit = () => {
    setOutcome(null);
    const parsed = usdoPriceInput.safeParse(price);
    if (!parsed.success) return setError(message(ADMIN_MSG.invalidPrice));
    setError(null);
    save.mutate(
      { usdo_price: { price: parsed.data } },
      {
        onSuccess: (saved) => {
          setPrice(saved.settings.usdo_price.price);
          setOutcome({
            tone: 'success',
            text: t('admin.settings.usdo.saved', {
              coin: IN_HOUSE_COIN,
              price: number(saved.settings.usdo_price.price),
            }),
          });
        },
        onError: (err) => setOutcome({ tone: 'error', text: errorMessage(err, ADMIN_MSG.saveFailed) }),
      },
    );
  };

  return (
    <SettingsCard
      title={t('admin.settings.usdo.title', { coin: IN_HOUSE_COIN })}
      description={
        current.updated_at
          ? t('admin.settings.lastChanged', { time: dateTime(current.updated_at) })
          : t('admin.settings.usdo.notChanged')
      }
      busy={save.isPending}
      outcome={outcome}
      onSubmit={submit}
      saveLabel={t('admin.settings.usdo.save')}
    >
      <TextField
        label={t('admin.settings.usdo.label', { coin: IN_HOUSE_COIN })}
        inputMode="decimal"
        autoComplete="off"
        value={price}
        onChange={(event) => setPrice(event.target.value)}
        hint={t('admin.settings.usdo.allowed', {
          coin: IN_HOUSE_COIN,
          lowest: number(current.allowed.lowest),
          highest: number(current.allowed.highest),
        })}
        error={error}
      />
    </SettingsCard>
  );
}
