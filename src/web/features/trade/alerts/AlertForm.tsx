/**
 * The form of a price alert (docs/decisions/0055-alerts-statements.md): rises to, falls to, or moves
 * n % in 24 h, and the value. Used to set one from a pair's screen and to edit one in the list.
 */
import { useState, type FormEvent } from 'react';
import { PRICE_ALERTS_MSG, priceAlertValueError, type PriceAlertCondition } from '../../../../shared/api/price-alerts';
import { Button } from '../../../components/Button';
import { Notice } from '../../../components/Notice';
import { Segmented } from '../../../components/Segmented';
import { TextField } from '../../../components/TextField';
import { errorMessage } from '../../../lib/api';
import { useI18n } from '../../../lib/i18n';

export interface AlertFormValues {
  condition: PriceAlertCondition;
  value: string;
}

export function AlertForm({
  initial,
  price,
  submitLabel,
  busy,
  error,
  onSubmit,
}: {
  initial: AlertFormValues;
  /** The served price now, shown under the field. */
  price: string | undefined;
  submitLabel: string;
  busy: boolean;
  error: unknown;
  onSubmit: (values: AlertFormValues) => void;
}) {
  const { t, message, number } = useI18n();
  const [condition, setCondition] = useState<PriceAlertCondition>(initial.condition);
  const [value, setValue] = useState(initial.value);
  const [checked, setChecked] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const entered = value.trim().replace(',', '.');
    const problem = priceAlertValueError(condition, entered);
    setChecked(problem);
    if (!problem) onSubmit({ condition, value: entered });
  };

  const shownError = checked ?? (error ? errorMessage(error, PRICE_ALERTS_MSG.invalidPrice) : null);
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <Segmented
        label={t('alerts.conditionLabel')}
        value={condition}
        onChange={(next) => {
          setCondition(next);
          setChecked(null);
        }}
        options={(['above', 'below', 'move'] as const).map((c) => ({ value: c, label: t(`alerts.conditions.${c}`) }))}
      />
      <TextField
        label={t(condition === 'move' ? 'alerts.percentLabel' : 'alerts.priceLabel')}
        inputMode="decimal"
        autoComplete="off"
        value={value}
        onChange={(event) => setValue(event.target.value)}
        hint={price ? t('alerts.now', { price: number(price) }) : undefined}
        error={checked ? message(checked) : undefined}
      />
      {!checked && shownError && <Notice tone="error">{shownError}</Notice>}
      <Button type="submit" busy={busy}>
        {submitLabel}
      </Button>
    </form>
  );
}
