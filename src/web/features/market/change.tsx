/** A 24-hour change percent in the market colours: green up, red down, muted when flat or unknown. */
import { formatChangePercent } from '../../../shared/format.js';
import { dec } from '../../../shared/money.js';
import { cx } from '../../components/cx';
import { useI18n } from '../../lib/i18n';

export type ChangeTone = 'up' | 'down' | 'flat';

/** Decided on the shown (2-decimal) value, so '+0.00%' never shows in green. */
export function changeTone(percent: string | null | undefined): ChangeTone {
  const shown = formatChangePercent(percent).slice(0, -1);
  const value = dec(shown);
  return value.gt(0) ? 'up' : value.lt(0) ? 'down' : 'flat';
}

const TEXT: Record<ChangeTone, string> = { up: 'text-up', down: 'text-down', flat: 'text-muted' };
const PILL: Record<ChangeTone, string> = {
  up: 'bg-up text-white',
  down: 'bg-down text-white',
  flat: 'bg-surface-2 text-muted',
};

/** Coloured text, for tiles. */
export function ChangeText({ percent, className }: { percent: string | undefined; className?: string }) {
  const { number } = useI18n();
  return (
    <span className={cx('tabular-nums', TEXT[changeTone(percent)], className)}>
      {number(formatChangePercent(percent))}
    </span>
  );
}

/** A filled box of fixed width, so the column lines up, for lists. */
export function ChangePill({ percent }: { percent: string | undefined }) {
  const { number } = useI18n();
  return (
    <span
      className={cx(
        'inline-flex h-8 min-w-[80px] items-center justify-center rounded-lg px-1.5 text-[13px] font-semibold tabular-nums',
        PILL[changeTone(percent)],
      )}
    >
      {number(formatChangePercent(percent))}
    </span>
  );
}
