/** The line under an amount field: what the wallet holds, or 'Error fetching balance'. */
import { formatAmount } from '../../../shared/format';
import { MSG } from '../../../shared/messages';
import { useI18n } from '../../lib/i18n';

export function AvailableBalance({
  balance,
  failed,
  currency,
}: {
  balance: string | undefined;
  failed: boolean;
  currency: string;
}) {
  const { t, message, number } = useI18n();
  if (failed) return <p className="-mt-2 text-xs text-down">{message(MSG.fetchBalanceFailed)}</p>;
  return (
    <p className="-mt-2 text-xs text-muted">
      {t('wallet.available', { amount: balance === undefined ? '--' : number(formatAmount(balance)), currency })}
    </p>
  );
}
