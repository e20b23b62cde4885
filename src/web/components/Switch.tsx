/** An on/off switch with its label, 44 px tall. */
import { useId, type ReactNode } from 'react';
import { cx } from './cx';

export function Switch({
  label,
  checked,
  onChange,
  icon,
}: {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  icon?: ReactNode;
}) {
  const id = useId();
  return (
    <div className="flex min-h-touch items-center gap-3">
      {icon && <span className="text-muted">{icon}</span>}
      <label htmlFor={id} className="flex-1 text-[15px]">
        {label}
      </label>
      <button
        id={id}
        type="button"
        role="switch"
        aria-checked={checked}
        onClick={() => onChange(!checked)}
        className={cx('relative h-7 w-12 shrink-0 rounded-full transition-colors', checked ? 'bg-primary' : 'bg-line')}
      >
        <span
          className={cx(
            'absolute left-0.5 top-0.5 h-6 w-6 rounded-full bg-white shadow transition-transform',
            checked && 'translate-x-5',
          )}
          aria-hidden="true"
        />
      </button>
    </div>
  );
}
