/**
 * The order size as a share of what the margin allows (docs/decisions/0031-lever-results.md): a slider with stops at 0, 25, 50,
 * 75 and 100 % that fills the hands field (order-form.ts handsForShare: the lever balance x leverage /
 * price, less the opening fee). It follows typed hands at the largest stop they reach.
 */
import { useT } from '../../lib/i18n';
import { SIZE_SHARES } from './order-form';

const STOPS = [0, ...SIZE_SHARES] as const;

export function SizeSlider({
  share,
  disabled,
  onChoose,
}: {
  share: number;
  disabled: boolean;
  onChoose: (percent: number) => void;
}) {
  const t = useT();
  return (
    <div className="flex flex-col gap-0.5">
      <input
        type="range"
        min={0}
        max={100}
        step={25}
        value={share}
        disabled={disabled}
        aria-label={t('trade.lever.sizeShare')}
        aria-valuetext={`${share} %`}
        onChange={(event) => onChoose(Number(event.target.value))}
        className="h-6 w-full cursor-pointer accent-primary disabled:cursor-not-allowed disabled:opacity-45"
      />
      <div className="flex justify-between text-[10px] font-medium tabular-nums text-muted" aria-hidden="true">
        {STOPS.map((stop) => (
          <span key={stop} className={stop <= share && share > 0 ? 'text-primary' : undefined}>
            {stop}%
          </span>
        ))}
      </div>
    </div>
  );
}
