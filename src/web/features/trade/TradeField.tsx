/**
 * A compact labelled number field for the narrow order column: the label above, the unit inside
 * on the right, 44 px tall. Read-only fields (the current price) look like text, not like inputs.
 */
import { useId, type InputHTMLAttributes, type ReactNode } from 'react';
import { cx } from '../../components/cx';

export interface TradeFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'size'> {
  label: string;
  unit?: string;
  hint?: ReactNode;
  error?: boolean;
}

export function TradeField({ label, unit, hint, error, id, className, readOnly, ...input }: TradeFieldProps) {
  const autoId = useId();
  const inputId = id ?? autoId;
  const hintId = hint ? `${inputId}-hint` : undefined;
  return (
    <div className={cx('flex flex-col gap-1', className)}>
      <label htmlFor={inputId} className="text-xs font-medium text-muted">
        {label}
      </label>
      <div
        className={cx(
          'flex h-touch items-center rounded-xl border transition-[border-color,box-shadow]',
          readOnly
            ? 'border-transparent bg-surface-2'
            : 'bg-field focus-within:border-primary focus-within:ring-2 focus-within:ring-primary/25',
          !readOnly && (error ? 'border-down' : 'border-field-line'),
        )}
      >
        <input
          id={inputId}
          readOnly={readOnly}
          inputMode="decimal"
          autoComplete="off"
          aria-invalid={error || undefined}
          aria-describedby={hintId}
          className="h-full min-w-0 flex-1 bg-transparent px-3 text-sm font-semibold tabular-nums text-ink placeholder:font-normal placeholder:text-muted/70 focus:outline-none focus-visible:ring-0 focus-visible:ring-offset-0"
          {...input}
        />
        {unit && <span className="shrink-0 pr-3 text-xs font-medium text-muted">{unit}</span>}
      </div>
      {hint && (
        <p id={hintId} className="text-[11px] leading-4 text-muted">
          {hint}
        </p>
      )}
    </div>
  );
}
