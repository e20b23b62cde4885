/** The small green or red tag of an order's or a position's side (Buy/Sell, Long/Short) in the order lists. */
import type { ReactNode } from 'react';
import { cx } from '../../components/cx';

export function SideTag({ up, children }: { up: boolean; children: ReactNode }) {
  return (
    <span
      className={cx(
        'rounded px-1.5 py-0.5 text-[11px] font-semibold',
        up ? 'bg-up/10 text-up' : 'bg-down/10 text-down',
      )}
    >
      {children}
    </span>
  );
}
