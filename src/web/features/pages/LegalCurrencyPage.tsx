/**
 * /legal-currency (public; docs/product.md section 2): buy/sell toggle, USDT/ETH tabs, an amount (default
 * 100.0000), the limit (100.00) and the unit price. The button places a fiat order that staff handle
 * (docs/decisions/0054-fiat-orders.md), after a confirming sheet; "My orders" shows each with its status.
 */
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { LEGAL_CURRENCY_DEFAULT_AMOUNT, LEGAL_CURRENCY_LIMIT } from '../../../shared/constants';
import { formatPrice } from '../../../shared/format';
import { MSG } from '../../../shared/messages';
import { AMOUNT_PATTERN, isPositive, mul } from '../../../shared/money';
import { Button } from '../../components/Button';
import { cx } from '../../components/cx';
import { BottomSheet } from '../../components/Overlay';
import { PageHeader } from '../../components/PageHeader';
import { Screen } from '../../components/Screen';
import { TextField } from '../../components/TextField';
import { errorMessage } from '../../lib/api';
import { useI18n } from '../../lib/i18n';
import { loginPathFor, PATHS } from '../../lib/paths';
import { useSession } from '../../lib/use-session';
import { spotPriceQuery } from '../market';
import { FiatOrderList } from './FiatOrderList';
import { useFiatOrders, usePlaceFiatOrder } from './fiat-orders';

const COINS = ['USDT', 'ETH'] as const;
type Coin = (typeof COINS)[number];
type Side = 'buy' | 'sell';

/** USDT is pegged at 1.00 USD; ETH follows ETHUSDT. */
function useUnitPrice(coin: Coin): string | undefined {
  const eth = useQuery({ ...spotPriceQuery('ETHUSDT'), enabled: coin === 'ETH' });
  return coin === 'USDT' ? '1' : eth.data?.price;
}

export function LegalCurrencyPage() {
  const [side, setSide] = useState<Side>('buy');
  const [coin, setCoin] = useState<Coin>('USDT');
  const [amount, setAmount] = useState<string>(LEGAL_CURRENCY_DEFAULT_AMOUNT);
  const [sheetOpen, setSheetOpen] = useState(false);
  const unitPrice = useUnitPrice(coin);
  const { t, message, number } = useI18n();
  const signedIn = useSession().loggedIn;
  const navigate = useNavigate();
  const orders = useFiatOrders(signedIn);
  const placeOrder = usePlaceFiatOrder();

  const valid = AMOUNT_PATTERN.test(amount.trim()) && isPositive(amount.trim());
  const total = valid && unitPrice !== undefined ? formatPrice(mul(amount.trim(), unitPrice).toFixed()) : null;
  const action = t(side === 'buy' ? 'pages.legalCurrency.buyCoin' : 'pages.legalCurrency.sellCoin', { coin });

  return (
    <>
      <PageHeader title={t('pages.legalCurrency.title')} fallback="/home" />
      <Screen className="gap-4">
        <div
          role="group"
          aria-label={t('pages.legalCurrency.buyOrSell')}
          className="mt-2 grid grid-cols-2 gap-1 rounded-xl bg-surface-2 p-1"
        >
          {(['buy', 'sell'] as const).map((value) => (
            <button
              key={value}
              type="button"
              aria-pressed={side === value}
              onClick={() => setSide(value)}
              className={cx(
                'h-11 rounded-lg text-[15px] font-semibold capitalize transition-colors',
                side === value
                  ? value === 'buy'
                    ? 'bg-surface text-up shadow-card'
                    : 'bg-surface text-down shadow-card'
                  : 'text-muted hover:text-ink',
              )}
            >
              {t(value === 'buy' ? 'pages.legalCurrency.buy' : 'pages.legalCurrency.sell')}
            </button>
          ))}
        </div>

        <section className="rounded-2xl bg-surface shadow-card">
          <div
            role="tablist"
            aria-label={t('pages.legalCurrency.currency')}
            className="flex gap-6 border-b border-line px-4"
          >
            {COINS.map((value) => (
              <button
                key={value}
                type="button"
                role="tab"
                aria-selected={coin === value}
                onClick={() => setCoin(value)}
                className={cx(
                  '-mb-px h-12 border-b-2 text-[15px] font-semibold',
                  coin === value ? 'border-primary text-primary' : 'border-transparent text-muted hover:text-ink',
                )}
              >
                {value}
              </button>
            ))}
          </div>
          <div role="tabpanel" aria-label={coin} className="flex flex-col gap-4 px-4 py-4">
            <TextField
              label={t('pages.legalCurrency.amount', { coin })}
              inputMode="decimal"
              autoComplete="off"
              value={amount}
              onChange={(event) => setAmount(event.target.value)}
              error={valid ? null : message(MSG.enterValidAmount)}
            />
            <dl className="flex flex-col gap-2 text-sm">
              <div className="flex justify-between gap-3">
                <dt className="text-muted">{t('pages.legalCurrency.limit')}</dt>
                <dd className="font-medium">{number(LEGAL_CURRENCY_LIMIT)}</dd>
              </div>
              <div className="flex justify-between gap-3">
                <dt className="text-muted">{t('pages.legalCurrency.unitPrice')}</dt>
                <dd className="font-medium" data-testid="unit-price">
                  {coin} {number(formatPrice(unitPrice))} USD
                </dd>
              </div>
              <div className="flex justify-between gap-3">
                <dt className="text-muted">{t('pages.legalCurrency.total')}</dt>
                <dd className="font-medium">≈ {number(total ?? '0.00')} USD</dd>
              </div>
            </dl>
            <Button
              disabled={!valid}
              onClick={() => {
                // The page is public; an order needs an account (back here after signing in).
                if (!signedIn) void navigate(loginPathFor(PATHS.legalCurrency));
                else {
                  placeOrder.reset();
                  setSheetOpen(true);
                }
              }}
            >
              {action}
            </Button>
          </div>
        </section>
        <FiatOrderList orders={orders.data ?? []} />
      </Screen>

      <BottomSheet open={sheetOpen} onClose={() => setSheetOpen(false)} title={t('pages.legalCurrency.sheetTitle')}>
        <div className="flex flex-col gap-4">
          <p className="text-[15px] font-semibold">
            {t('pages.legalCurrency.summary', { action, amount: amount.trim(), coin })}
            {total !== null && <span className="font-normal text-muted"> ≈ {number(total)} USD</span>}
          </p>
          <p className="text-sm leading-relaxed text-muted">{t('pages.legalCurrency.notice')}</p>
          {placeOrder.isError && (
            <p role="alert" className="text-sm text-down">
              {message(errorMessage(placeOrder.error, MSG.somethingWentWrong))}
            </p>
          )}
          <Button
            busy={placeOrder.isPending}
            onClick={() =>
              placeOrder.mutate(
                { side, currency: coin, amount: amount.trim() },
                { onSuccess: () => setSheetOpen(false) },
              )
            }
          >
            {t('pages.legalCurrency.placeOrder')}
          </Button>
        </div>
      </BottomSheet>
    </>
  );
}
