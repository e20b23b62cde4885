/** The in-house coin's price in USDT: what users see at /api-v1/default-currency/ and trade USDO at. */
import { useState } from 'react';
import { ADMIN_MSG, usdoPriceInput, type AdminSettings } from '../../../../shared/api/admin';
import { IN_HOUSE_COIN } from '../../../../shared/constants';
import { TextField } from '../../../components/TextField';
import { errorMessage } from '../../../lib/api';
import { useSaveSettings } from '../api/settings';
import { formatDateTime } from '../views';
import { SettingsCard, type SaveOutcome } from './SettingsCard';

export function UsdoPriceForm({ current }: { current: AdminSettings['usdo_price'] }) {
  const [price, setPrice] = useState(current.price);
  const [error, setError] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<SaveOutcome | null>(null);
  const save = useSaveSettings();

  const submit = () => {
    setOutcome(null);
    const parsed = usdoPriceInput.safeParse(price);
    if (!parsed.success) return setError(ADMIN_MSG.invalidPrice);
    setError(null);
    save.mutate(
      { usdo_price: { price: parsed.data } },
      {
        onSuccess: (saved) => {
          setPrice(saved.settings.usdo_price.price);
          setOutcome({
            tone: 'success',
            text: `${IN_HOUSE_COIN} price set to ${saved.settings.usdo_price.price} USDT`,
          });
        },
        onError: (err) => setOutcome({ tone: 'error', text: errorMessage(err, ADMIN_MSG.saveFailed) }),
      },
    );
  };

  return (
    <SettingsCard
      title={`${IN_HOUSE_COIN} price`}
      description={
        current.updated_at
          ? `Last changed ${formatDateTime(current.updated_at)}`
          : 'Not changed yet: the configured price applies.'
      }
      busy={save.isPending}
      outcome={outcome}
      onSubmit={submit}
      saveLabel="Save price"
    >
      <TextField
        label={`Price of 1 ${IN_HOUSE_COIN} in USDT`}
        inputMode="decimal"
        autoComplete="off"
        value={price}
        onChange={(event) => setPrice(event.target.value)}
        error={error}
      />
    </SettingsCard>
  );
}
