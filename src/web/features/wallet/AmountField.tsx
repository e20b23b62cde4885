/** An amount input with the 'All' button inside it: digits and one decimal point only. */
import { TextField, type TextFieldProps } from '../../components/TextField';
import { useI18n } from '../../lib/i18n';
import { typedAmount } from './display';

interface Props extends Omit<TextFieldProps, 'value' | 'onChange' | 'trailing' | 'inputMode'> {
  value: string;
  onChange: (value: string) => void;
  onAll: () => void;
  allDisabled?: boolean;
}

export function AmountField({ value, onChange, onAll, allDisabled, ...field }: Props) {
  const { t } = useI18n();
  return (
    <TextField
      {...field}
      value={value}
      inputMode="decimal"
      autoComplete="off"
      onChange={(event) => onChange(typedAmount(event.target.value, value))}
      trailing={
        <button
          type="button"
          onClick={onAll}
          disabled={allDisabled}
          className="h-touch rounded-lg px-3 text-sm font-semibold text-primary hover:bg-primary/10 disabled:text-muted"
        >
          {t('wallet.all')}
        </button>
      }
    />
  );
}
