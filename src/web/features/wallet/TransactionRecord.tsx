/**
 * One deposit, withdrawal, transfer or bonus in a record list. Seen from a wallet, money coming in is +
 * and money going out is -; the history page shows plain amounts.
 */
import { BONUS_MSG } from '../../../shared/api/bonuses';
import type { TransactionItem } from '../../../shared/api/wallet';
import type { TransactionStatus } from '../../../shared/constants';
import { formatAmount } from '../../../shared/format';
import { Link } from 'react-router';
import { cx } from '../../components/cx';
import { PATHS } from '../../lib/paths';
import { useI18n, type TextKey, type Translate } from '../../lib/i18n';
import { CancelWithdrawal } from './CancelWithdrawal';
import { OPENED_RECORD, useOpenedRecord } from './opened-record';
import { isWalletKind } from './wallet-kinds';

const STATUS: Record<TransactionStatus, { label: TextKey; tone: string }> = {
  pending: { label: 'wallet.record.status.pending', tone: 'bg-warn/15 text-[#8a6a00] dark:text-warn' },
  successful: { label: 'wallet.record.status.successful', tone: 'bg-up/10 text-up' },
  cancel: { label: 'wallet.record.status.cancel', tone: 'bg-down/10 text-down' },
};

type Texts = Pick<ReturnType<typeof useI18n>, 't' | 'message'>;

const accountName = (t: Translate, wallet: string | null) =>
  isWalletKind(wallet) ? t(`assets.account.${wallet}`) : (wallet ?? '');

function detailOf({ t, message }: Texts, item: TransactionItem): string {
  // A bonus says which of docs/product.md section 9's programs paid it (docs/decisions/0030).
  if (item.type === 'bonus') return item.bonus_program ? message(BONUS_MSG.programTitle[item.bonus_program]) : '';
  if (item.type === 'transfer') return `${accountName(t, item.transfer_from)} → ${accountName(t, item.transfer_to)}`;
  if (item.type === 'withdrawal')
    return item.address ? t('wallet.record.to', { address: item.address }) : accountName(t, item.transfer_from);
  return item.address ? t('wallet.record.from', { address: item.address }) : accountName(t, item.transfer_to);
}

/**
 * What the item did to `wallet`: + credited, - debited, '' nothing (yet). A pending deposit has not
 * been credited, a pending withdrawal is already held, and a cancelled one was refunded.
 */
function signOf(item: TransactionItem, wallet?: string): '+' | '-' | '' {
  if (!wallet) return '';
  const moved = item.status === 'successful' || (item.status === 'pending' && item.type === 'withdrawal');
  if (!moved) return '';
  if (item.transfer_to === wallet) return '+';
  if (item.transfer_from === wallet) return '-';
  return '';
}

/** The details only an opened deposit shows (docs/decisions/0068-screens-finish.md): its network and hash. */
function DepositDetails({ item }: { item: TransactionItem }) {
  const { t } = useI18n();
  if (!item.network && !item.tx_hash) return null;
  return (
    <dl className="grid gap-1 text-[13px]">
      {item.network && (
        <div className="flex justify-between gap-3">
          <dt className="text-muted">{t('wallet.pending.network')}</dt>
          <dd>{item.network}</dd>
        </div>
      )}
      {item.tx_hash && (
        <div className="flex flex-col">
          <dt className="text-muted">{t('money.status.txHash')}</dt>
          <dd className="break-all font-mono text-[12px]">{item.tx_hash}</dd>
        </div>
      )}
    </dl>
  );
}

function TransactionRecord({ item, wallet, opened }: { item: TransactionItem; wallet?: string; opened: boolean }) {
  const texts = useI18n();
  const ref = useOpenedRecord(opened);
  const { t, number, dateTime } = texts;
  // A withdrawal its owner cancelled says so (docs/decisions/0029-withdrawal-networks.md); staff's Reject of a
  // withdrawal reads "Rejected" with its reason (docs/decisions/0062-money-screens.md), a deposit's keeps SPEC's 'Cancelled'.
  const status =
    item.cancelled_by === 'owner'
      ? { ...STATUS.cancel, label: 'wallet.record.status.cancelledByYou' as const }
      : item.cancelled_by === 'staff' && item.type === 'withdrawal'
        ? { ...STATUS.cancel, label: 'money.status.rejected' as const }
        : STATUS[item.status];
  const sign = signOf(item, wallet);
  return (
    <li
      ref={ref}
      aria-current={opened ? 'true' : undefined}
      className={cx('flex flex-col gap-1 px-4 py-3', opened && OPENED_RECORD)}
    >
      <div className="flex items-center justify-between gap-3">
        <span className="text-[15px] font-medium">
          {t(`wallet.record.type.${item.type}`)} <span className="text-muted">{item.currency}</span>
        </span>
        <span
          className={cx(
            'shrink-0 text-[15px] font-semibold tabular-nums',
            sign === '+' && 'text-up',
            sign === '-' && 'text-down',
            item.status === 'cancel' && 'text-muted line-through',
          )}
        >
          {sign}
          {number(formatAmount(item.amount))}
        </span>
      </div>
      <p className="truncate text-[13px] text-muted">{detailOf(texts, item)}</p>
      {item.type === 'withdrawal' && item.arrival_amount !== null && (
        <p className="text-[13px] text-muted">
          {item.network ? `${item.network} · ` : ''}
          {t('wallet.record.feeArrival', {
            fee: number(formatAmount(item.fee)),
            arrival: number(formatAmount(item.arrival_amount)),
          })}
        </p>
      )}
      <div className="flex items-center justify-between gap-3 text-[13px]">
        <time dateTime={item.created_at} className="text-muted">
          {dateTime(item.created_at)}
        </time>
        <span className={cx('rounded-full px-2 py-0.5 text-xs font-medium', status.tone)}>{t(status.label)}</span>
      </div>
      {item.cancelled_by === 'staff' && item.reject_reason && (
        <p className="text-[13px] text-down">{t('money.status.reason', { reason: item.reject_reason })}</p>
      )}
      {opened && item.type === 'deposit' && <DepositDetails item={item} />}
      {item.type === 'withdrawal' && (
        <Link
          to={PATHS.withdrawalStatus(item.transaction_id)}
          className="inline-flex min-h-touch items-center self-start text-[13px] font-semibold text-primary hover:underline dark:text-[#6EA8FF]"
        >
          {t('money.record.status')}
        </Link>
      )}
      {item.type === 'withdrawal' && item.status === 'pending' && <CancelWithdrawal item={item} />}
    </li>
  );
}

/** The records, `opened` (a transaction id) marked as the one a notification opened. */
export function TransactionRecordList({
  items,
  wallet,
  opened,
}: {
  items: TransactionItem[];
  wallet?: string;
  opened?: number | null;
}) {
  return (
    <ul className="divide-y divide-line overflow-hidden rounded-2xl bg-surface shadow-card">
      {items.map((item) => (
        <TransactionRecord
          key={item.transaction_id}
          item={item}
          wallet={wallet}
          opened={item.transaction_id === opened}
        />
      ))}
    </ul>
  );
}
