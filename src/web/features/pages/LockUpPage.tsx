/**
 * /lock-up (docs/product.md sections 2, 3; docs/decisions/0052-earn.md): tabs 'Mining order' (the
 * user's lock-up orders, or 'There is no more data') and 'Mining machine' (default) with SPEC's three
 * products. 'Lock up' opens a sheet that subscribes USDT from the funding wallet within the product's
 * range and the user's remaining capacity; an active order may be redeemed early (principal back, the
 * yield forfeited). The tab is kept in the address.
 */
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import type { LockupOrder, LockupProduct } from '../../../shared/api/earn';
import { QUOTE_CURRENCY } from '../../../shared/constants';
import { formatAmount } from '../../../shared/format';
import { MSG } from '../../../shared/messages';
import { AMOUNT_PATTERN, cmp, dec, isPositive, toAmount } from '../../../shared/money';
import { Button } from '../../components/Button';
import { cx } from '../../components/cx';
import { InboxIcon, LockIcon } from '../../components/icons';
import { BottomSheet } from '../../components/Overlay';
import { PageHeader } from '../../components/PageHeader';
import { Screen } from '../../components/Screen';
import { TextField } from '../../components/TextField';
import { errorMessage } from '../../lib/api';
import { useI18n, useT } from '../../lib/i18n';
import { useBalance } from '../../lib/wallet-lists';
import { groupedWhole } from './grouped';
import { useLockupOrders, useLockupProducts, useRedeem, useSubscribe } from './lockup';

const TABS = { machine: 'pages.lockUp.machine', order: 'pages.lockUp.order' } as const;
type Tab = keyof typeof TABS;
const TAB_ORDER: Tab[] = ['order', 'machine'];

export function LockUpPage() {
  const [params, setParams] = useSearchParams();
  const tab: Tab = params.get('tab') === 'order' ? 'order' : 'machine';
  const [chosen, setChosen] = useState<LockupProduct | null>(null);
  const t = useT();
  const products = useLockupProducts();

  return (
    <>
      <PageHeader title={t('pages.lockUp.title')} fallback="/home" />
      <div
        role="tablist"
        aria-label={t('pages.lockUp.title')}
        className="sticky top-14 z-10 grid grid-cols-2 border-b border-line bg-bg px-4"
      >
        {TAB_ORDER.map((key) => (
          <button
            key={key}
            type="button"
            role="tab"
            id={`lockup-tab-${key}`}
            aria-selected={tab === key}
            aria-controls="lockup-panel"
            onClick={() => setParams(key === 'machine' ? {} : { tab: key }, { replace: true })}
            className={cx(
              '-mb-px h-12 border-b-2 text-[15px] font-semibold',
              tab === key ? 'border-primary text-primary' : 'border-transparent text-muted hover:text-ink',
            )}
          >
            {t(TABS[key])}
          </button>
        ))}
      </div>
      <Screen>
        <div id="lockup-panel" role="tabpanel" aria-labelledby={`lockup-tab-${tab}`} className="pt-4">
          {tab === 'machine' ? (
            <ul className="flex flex-col gap-3">
              {(products.data ?? []).map((product) => (
                <ProductCard key={product.id} product={product} onLockUp={() => setChosen(product)} />
              ))}
            </ul>
          ) : (
            <OrderList />
          )}
        </div>
      </Screen>

      <BottomSheet
        open={chosen !== null}
        onClose={() => setChosen(null)}
        title={t('pages.lockUp.lockUpProduct', { name: chosen?.name ?? '' })}
      >
        {chosen && (
          <SubscribeForm
            product={chosen}
            onDone={() => {
              setChosen(null);
              setParams({ tab: 'order' }, { replace: true });
            }}
          />
        )}
      </BottomSheet>
    </>
  );
}

function ProductCard({ product, onLockUp }: { product: LockupProduct; onLockUp: () => void }) {
  const { t, plural, number, language } = useI18n();
  const grouped = (value: string) => groupedWhole(formatAmount(value), language);
  return (
    <li className="rounded-2xl bg-surface p-4 shadow-card" data-testid="lockup-product">
      <div className="flex items-center gap-3">
        <span className="flex h-10 w-10 items-center justify-center rounded-full bg-primary/10 text-primary">
          <LockIcon size={20} />
        </span>
        <h2 className="flex-1 text-[17px] font-semibold">{product.name}</h2>
        <span className="rounded-full bg-up/10 px-2.5 py-1 text-[13px] font-semibold text-up">
          {number(product.yield_percent)}%
        </span>
      </div>
      <dl className="mt-4 grid grid-cols-3 gap-2 text-center">
        <div>
          <dt className="text-xs text-muted">{t('pages.lockUp.lockAmount')}</dt>
          <dd className="mt-1 text-[13px] font-semibold">
            {grouped(product.min)}-{grouped(product.max)}
          </dd>
          <dd className="text-xs text-muted">{QUOTE_CURRENCY}</dd>
        </div>
        <div>
          <dt className="text-xs text-muted">{t('pages.lockUp.yield')}</dt>
          <dd className="mt-1 text-[13px] font-semibold">{number(product.yield_percent)}%</dd>
        </div>
        <div>
          <dt className="text-xs text-muted">{t('pages.lockUp.period')}</dt>
          <dd className="mt-1 text-[13px] font-semibold">{plural('pages.lockUp.days', product.days)}</dd>
        </div>
      </dl>
      <p className="mt-3 text-center text-xs text-muted">
        {t('earn.remaining', { amount: grouped(product.remaining), coin: QUOTE_CURRENCY })}
      </p>
      <Button
        className="mt-3"
        onClick={onLockUp}
        disabled={!product.open}
        aria-label={t('pages.lockUp.lockUpProduct', { name: product.name })}
      >
        {product.open ? t('pages.lockUp.lockUp') : t('earn.closed')}
      </Button>
    </li>
  );
}

function SubscribeForm({ product, onDone }: { product: LockupProduct; onDone: () => void }) {
  const { t, number, message } = useI18n();
  const [amount, setAmount] = useState('');
  const { balance } = useBalance('funding', QUOTE_CURRENCY);
  const subscribe = useSubscribe();
  const typed = amount.trim();
  const valid = AMOUNT_PATTERN.test(typed) && isPositive(typed);
  const inRange = valid && cmp(typed, product.min) >= 0 && cmp(typed, product.max) <= 0;
  const yieldAtMaturity = valid ? toAmount(dec(typed).times(product.yield_percent).div(100)) : '0';
  const error =
    typed === ''
      ? null
      : !valid
        ? message(MSG.enterValidAmount)
        : !inRange
          ? t('earn.range', { min: number(product.min), max: number(product.max) })
          : null;
  return (
    <form
      className="flex flex-col gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        if (!inRange) return;
        subscribe.mutate({ product_id: product.id, amount: typed }, { onSuccess: onDone });
      }}
    >
      <TextField
        label={t('earn.amount', { coin: QUOTE_CURRENCY })}
        inputMode="decimal"
        autoComplete="off"
        placeholder={`${product.min}-${product.max}`}
        value={amount}
        onChange={(event) => setAmount(event.target.value)}
        error={error}
      />
      <dl className="flex flex-col gap-2 text-sm">
        <Row label={t('earn.available')} value={`${number(balance ?? '0')} ${QUOTE_CURRENCY}`} />
        <Row label={t('earn.remainingLabel')} value={`${number(product.remaining)} ${QUOTE_CURRENCY}`} />
        <Row label={t('earn.yieldAtMaturity')} value={`${number(yieldAtMaturity)} ${QUOTE_CURRENCY}`} />
      </dl>
      <p className="text-xs leading-relaxed text-muted">{t('earn.terms', { days: String(product.days) })}</p>
      {subscribe.isError && (
        <p role="alert" className="text-sm text-down">
          {message(errorMessage(subscribe.error, MSG.somethingWentWrong))}
        </p>
      )}
      <Button type="submit" busy={subscribe.isPending} disabled={!inRange}>
        {t('earn.confirm')}
      </Button>
    </form>
  );
}

function Row({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex justify-between gap-3">
      <dt className="text-muted">{label}</dt>
      <dd className="font-medium">{value}</dd>
    </div>
  );
}

function OrderList() {
  const t = useT();
  const orders = useLockupOrders(true);
  if (!orders.data) return null;
  if (orders.data.length === 0)
    return (
      <div className="flex flex-col items-center gap-3 py-16 text-center text-muted">
        <InboxIcon size={40} />
        <p className="text-sm">{t('pages.lockUp.noMoreData')}</p>
      </div>
    );
  return (
    <ul className="flex flex-col gap-3">
      {orders.data.map((order) => (
        <OrderCard key={order.id} order={order} />
      ))}
    </ul>
  );
}

function OrderCard({ order }: { order: LockupOrder }) {
  const { t, number, dateTime, message } = useI18n();
  const [confirming, setConfirming] = useState(false);
  const redeem = useRedeem();
  const tone = order.status === 'active' ? 'text-primary' : order.status === 'matured' ? 'text-up' : 'text-muted';
  return (
    <li className="rounded-2xl bg-surface p-4 shadow-card" data-testid="lockup-order">
      <div className="flex items-center justify-between gap-3">
        <h2 className="text-[17px] font-semibold">{order.product_name}</h2>
        <span className={cx('text-[13px] font-semibold', tone)}>{t(`earn.status.${order.status}`)}</span>
      </div>
      <dl className="mt-3 flex flex-col gap-2 text-sm">
        <Row label={t('earn.orderAmount')} value={`${number(order.amount)} ${QUOTE_CURRENCY}`} />
        <Row label={t('earn.start')} value={dateTime(order.started_at)} />
        <Row label={t('earn.maturity')} value={dateTime(order.matures_at)} />
        <Row
          label={t(order.status === 'matured' ? 'earn.yieldPaid' : 'earn.yieldEarned')}
          value={`${number(order.yield_earned)} ${QUOTE_CURRENCY}`}
        />
      </dl>
      {order.status === 'active' &&
        (confirming ? (
          <div className="mt-3 flex flex-col gap-2">
            <p className="text-sm text-muted">{t('earn.redeemWarning')}</p>
            <div className="grid grid-cols-2 gap-2">
              <Button variant="secondary" onClick={() => setConfirming(false)}>
                {t('earn.keep')}
              </Button>
              <Button variant="danger" busy={redeem.isPending} onClick={() => redeem.mutate(order.id)}>
                {t('earn.redeemConfirm')}
              </Button>
            </div>
          </div>
        ) : (
          <Button className="mt-3" variant="secondary" onClick={() => setConfirming(true)}>
            {t('earn.redeem')}
          </Button>
        ))}
      {redeem.isError && (
        <p role="alert" className="mt-2 text-sm text-down">
          {message(errorMessage(redeem.error, MSG.somethingWentWrong))}
        </p>
      )}
    </li>
  );
}
