/**
 * The Legal currency screen's "My orders" (docs/decisions/0054-fiat-orders.md): each fiat order with its
 * reference, status and the payment instructions staff posted, and a button that opens the support chat
 * with the reference already typed.
 */
import type { FiatOrderItem } from '../../../shared/api/fiat';
import { errorMessage } from '../../lib/api';
import { MSG } from '../../../shared/messages';
import { Button } from '../../components/Button';
import { cx } from '../../components/cx';
import { useI18n } from '../../lib/i18n';
import { useChatAbout } from './fiat-orders';

const STATUS_TONE: Record<FiatOrderItem['status'], string> = {
  pending: 'bg-surface-2 text-muted',
  instructions_posted: 'bg-primary/10 text-primary',
  paid: 'bg-warn/15 text-warn',
  completed: 'bg-up/15 text-up',
  cancelled: 'bg-down/10 text-down',
};

function FiatOrderCard({ order }: { order: FiatOrderItem }) {
  const { t, number, message } = useI18n();
  const chat = useChatAbout();
  return (
    <li className="flex flex-col gap-3 rounded-2xl bg-surface p-4 shadow-card" data-testid="fiat-order">
      <div className="flex items-center justify-between gap-3">
        <span className="text-[15px] font-semibold">
          {t(order.side === 'buy' ? 'pages.legalCurrency.buyCoin' : 'pages.legalCurrency.sellCoin', {
            coin: order.currency,
          })}{' '}
          {number(order.amount)}
        </span>
        <span className={cx('rounded-full px-2.5 py-1 text-xs font-semibold', STATUS_TONE[order.status])}>
          {t(`pages.legalCurrency.status.${order.status}`)}
        </span>
      </div>
      <p className="text-sm text-muted">
        {t('pages.legalCurrency.reference')}: <span className="font-mono text-ink">{order.reference}</span>
      </p>
      {order.instructions !== null ? (
        <div className="rounded-xl bg-surface-2 p-3">
          <p className="text-xs font-semibold text-muted">{t('pages.legalCurrency.instructions')}</p>
          <p className="mt-1 whitespace-pre-wrap break-words text-sm">{order.instructions}</p>
        </div>
      ) : (
        order.status === 'pending' && <p className="text-sm text-muted">{t('pages.legalCurrency.waiting')}</p>
      )}
      <Button
        variant="secondary"
        busy={chat.isPending}
        onClick={() => chat.mutate(t('pages.legalCurrency.chatPrefill', { reference: order.reference }))}
      >
        {t('pages.contactSupport')}
      </Button>
      {chat.isError && (
        <p role="alert" className="text-sm text-down">
          {message(errorMessage(chat.error, MSG.somethingWentWrong))}
        </p>
      )}
    </li>
  );
}

export function FiatOrderList({ orders }: { orders: readonly FiatOrderItem[] }) {
  const { t } = useI18n();
  if (orders.length === 0) return null;
  return (
    <section aria-labelledby="fiat-orders-title" className="flex flex-col gap-3">
      <h2 id="fiat-orders-title" className="text-[15px] font-semibold">
        {t('pages.legalCurrency.myOrders')}
      </h2>
      <ul className="flex flex-col gap-3">
        {orders.map((order) => (
          <FiatOrderCard key={order.id} order={order} />
        ))}
      </ul>
    </section>
  );
}
