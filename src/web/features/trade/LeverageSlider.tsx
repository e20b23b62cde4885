/**
 * The leverage slider beside docs/product.md's leverage buttons (docs/decisions/0061-trade-form.md): the
 * same choices, lowest to highest, one stop each (the server takes no other leverage), kept in step
 * with the buttons. Hidden when the coin offers one leverage only (USDO).
 */
import { useT } from '../../lib/i18n';
import type { Leverage } from '../../../shared/constants';
import { cx } from '../../components/cx';
import { leverageLabel } from './order-form';

export function LeverageSlider({
  choices,
  value,
  onChange,
}: {
  choices: readonly Leverage[];
  value: Leverage;
  onChange: (leverage: Leverage) => void;
}) {
  const t = useT();
  const stops = [...choices].sort((a, b) => a - b);
  if (stops.length < 2) return null;
  const at = Math.max(0, stops.indexOf(value));
  return (
    <div className="-mt-1 flex flex-col gap-0.5">
      <input
        type="range"
        min={0}
        max={stops.length - 1}
        step={1}
        value={at}
        aria-label={t('tradeform.leverageSlider')}
        aria-valuetext={leverageLabel(stops[at]!)}
        onChange={(event) => onChange(stops[Number(event.target.value)] ?? value)}
        className="h-6 w-full cursor-pointer accent-primary"
        data-testid="leverage-slider"
      />
      <div className="flex justify-between text-[10px] font-medium tabular-nums text-muted" aria-hidden="true">
        {stops.map((stop) => (
          <span key={stop} className={cx(stop === value && 'text-primary')}>
            {leverageLabel(stop)}
          </span>
        ))}
      </div>
    </div>
  );
}
