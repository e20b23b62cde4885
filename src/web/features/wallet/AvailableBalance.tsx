/** The line under an amount field: what the wallet holds, or 'Error fetching balance'. */
import { formatAmount } from '../../../shared/format';
import { MSG } from '../../../shared/messages';

export function AvailableBalance({
  balance,
  failed,
  currency,
}: {
  balance: string | undefined;
  failed: boolean;
  currency: string;
}) {
  if (failed) return <p className="-mt-2 text-xs text-down">{MSG.fetchBalanceFailed}</p>;
  return (
    <p className="-mt-2 text-xs text-muted">
      Available: {balance === undefined ? '--' : formatAmount(balance)} {currency}
    </p>
  );
}
