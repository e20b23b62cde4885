/**
 * A row of mutually exclusive choices (buy/sell, market/limit, leverage): a radio group drawn as
 * segments, 44 px tall, arrow keys move between them as in any radio group.
 */
import type { KeyboardEvent } from 'react';
import { cx } from './cx';

export interface SegmentOption<T extends string | number> {
  value: T;
  label: string;
  /** Classes of the chosen segment (buy green, sell red); primary blue by default. */
  activeClassName?: string;
}

export function Segmented<T extends string | number>({
  label,
  options,
  value,
  onChange,
  className,
  size = 'md',
}: {
  label: string;
  options: readonly SegmentOption<T>[];
  value: T;
  onChange: (value: T) => void;
  className?: string;
  size?: 'md' | 'sm';
}) {
  const move = (event: KeyboardEvent<HTMLDivElement>) => {
    const step =
      event.key === 'ArrowRight' || event.key === 'ArrowDown'
        ? 1
        : event.key === 'ArrowLeft' || event.key === 'ArrowUp'
          ? -1
          : 0;
    if (step === 0) return;
    event.preventDefault();
    const index = options.findIndex((o) => o.value === value);
    const next = options[(index + step + options.length) % options.length]!;
    onChange(next.value);
    const buttons = event.currentTarget.querySelectorAll<HTMLButtonElement>('[role="radio"]');
    buttons[options.indexOf(next)]?.focus();
  };
  return (
    <div
      role="radiogroup"
      aria-label={label}
      onKeyDown={move}
      className={cx('grid gap-0.5 rounded-xl bg-surface-2 p-0.5', className)}
      style={{ gridTemplateColumns: `repeat(${options.length}, minmax(0, 1fr))` }}
    >
      {options.map((option) => {
        const checked = option.value === value;
        return (
          <button
            key={option.value}
            type="button"
            role="radio"
            aria-checked={checked}
            tabIndex={checked ? 0 : -1}
            onClick={() => onChange(option.value)}
            className={cx(
              // A long label wraps inside its segment, never cut: it names the choice (tests/e2e/language-fit.test.ts).
              'min-w-0 break-words rounded-lg px-1 font-semibold leading-tight transition-colors',
              size === 'md' ? 'h-touch text-sm' : 'h-touch text-xs',
              checked ? (option.activeClassName ?? 'bg-surface text-primary shadow-card') : 'text-muted hover:text-ink',
            )}
          >
            {option.label}
          </button>
        );
      })}
    </div>
  );
}
