/**
 * /asset/{walletType}/{currency} (docs/product.md 2 "Assets"): the balance, the financial record (this
 * wallet's transactions in this currency), and the actions: Transfer always; Deposit and Withdraw on
 * the funding (exchange) wallet only. The funding wallet's record of a spot coin (and of USDT) also lists
 * its filled spot orders (docs/decisions/0025-trade-protection.md).
 */
import { Link, useParams } from 'react-router';
import type { SpotOrder } from '../../../shared/api/spot';
import { spotPairOf } from '../../../shared/market';
import { CURRENCY_PATTERN } from '../../../shared/api/wallet';
import { QUOTE_CURRENCY, type WalletKind } from '../../../shared/constants';
import { formatAmount, formatPrice } from '../../../shared/format';
import { MSG } from '../../../shared/messages';
import { usdtValue } from '../../../shared/money';
import { cx } from '../../components/cx';
import { Notice } from '../../components/Notice';
import { PageHeader } from '../../components/PageHeader';
import { StatementExport } from './StatementExport';
import { Screen } from '../../components/Screen';
import { Spinner } from '../../components/Spinner';
import { useI18n } from '../../lib/i18n';
import { PATHS } from '../../lib/paths';
import { useUsdtPrices } from './api/prices';
import { useSpotRecords } from './api/spot-records';
import { useTransactionHistory } from './api/transaction-history';
import { useWalletList } from '../../lib/wallet-lists';
import { groupDigits } from './display';
import { localGrouped } from './localized';
import { LINK_PRIMARY, LINK_SECONDARY } from './linkButton';
import { NoRecord } from './NoRecord';
import { TransactionRecordList } from './TransactionRecord';
import { isWalletKind } from './wallet-kinds';

/**
 * Three actions share a 390 px row in every language: a third each, narrower side padding, and a long
 * word ("Übertragen", "Перевести") wraps rather than pushing the row off screen (tests/e2e/language-fit.test.ts).
 */
const FITS_A_THIRD = 'min-w-0 !px-2 text-center leading-tight';

const assetsOf = (kind: WalletKind) => (kind === 'funding' ? PATHS.assets : `${PATHS.assets}?wallet=${kind}`);

function FinancialRecord({ kind, currency }: { kind: WalletKind; currency: string }) {
  const { t, message } = useI18n();
  const history = useTransactionHistory();
  const items = (history.data ?? []).filter(
    (item) => item.currency === currency && (item.transfer_from === kind || item.transfer_to === kind),
  );
  return (
    <section aria-labelledby="financial-record" className="flex flex-col gap-2">
      <h2 id="financial-record" className="px-1 text-base font-semibold">
        {t('wallet.detail.financialRecord')}
      </h2>
      {history.isPending ? (
        <Spinner label={t('wallet.detail.loadingRecord')} />
      ) : history.isError ? (
        <Notice tone="error">{message(MSG.fetchTransactionHistoryFailed)}</Notice>
      ) : items.length === 0 ? (
        <div className="rounded-2xl bg-surface shadow-card">
          <NoRecord />
        </div>
      ) : (
        <TransactionRecordList items={items} wallet={kind} />
      )}
    </section>
  );
}

/** How a filled spot order changed this currency: the coin for its own pair, USDT for every pair. */
function spotChange(order: SpotOrder, currency: string, number: (text: string) => string): string {
  const gained = (order.side === 'buy') === (currency !== QUOTE_CURRENCY);
  const amount = currency === QUOTE_CURRENCY ? (order.total ?? '0') : order.quantity;
  return `${gained ? '+' : '-'}${number(formatAmount(amount, 8))} ${currency}`;
}

/** The funding wallet's spot trades of this currency (none for a currency that is not traded spot). */
function SpotRecord({ currency }: { currency: string }) {
  const { t, message, number, dateTime } = useI18n();
  const symbol = currency === QUOTE_CURRENCY ? null : (spotPairOf(currency)?.symbol ?? null);
  const spot = currency === QUOTE_CURRENCY || symbol !== null;
  const records = useSpotRecords(symbol, spot);
  if (!spot) return null;
  const items = records.data ?? [];
  return (
    <section aria-labelledby="spot-record" className="flex flex-col gap-2">
      <h2 id="spot-record" className="px-1 text-base font-semibold">
        {t('wallet.detail.spotOrders')}
      </h2>
      {records.isPending ? (
        <Spinner label={t('wallet.detail.loadingSpotOrders')} />
      ) : records.isError ? (
        <Notice tone="error">{message(MSG.fetchTransactionHistoryFailed)}</Notice>
      ) : items.length === 0 ? (
        <div className="rounded-2xl bg-surface shadow-card">
          <NoRecord />
        </div>
      ) : (
        <ul
          aria-label={t('wallet.detail.spotOrders')}
          className="divide-y divide-line/60 rounded-2xl bg-surface shadow-card"
        >
          {items.map((order) => (
            <li key={order.order_id} className="flex items-center justify-between gap-3 px-4 py-3">
              <span className="min-w-0">
                <span className="block text-[15px] font-semibold">
                  {t(order.side === 'buy' ? 'wallet.detail.spotBuy' : 'wallet.detail.spotSell', {
                    quantity: number(formatAmount(order.quantity)),
                    coin: order.coin,
                  })}
                </span>
                <span className="block text-xs text-muted">
                  {t('wallet.detail.spotLine', {
                    price: number(formatPrice(order.filled_price ?? '0')),
                    fee: number(formatAmount(order.fee, 8)),
                    quote: QUOTE_CURRENCY,
                    date: dateTime(order.filled_at ?? order.created_at),
                  })}
                </span>
              </span>
              <span className="shrink-0 text-sm font-semibold tabular-nums">{spotChange(order, currency, number)}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function AssetDetail({ kind, currency }: { kind: WalletKind; currency: string }) {
  const { t, message, number, language } = useI18n();
  const list = useWalletList(kind);
  const prices = useUsdtPrices([currency]);
  const row = list.data?.find((item) => item.currency === currency);

  let problem: string | null = null;
  if (list.data === undefined && list.isError) problem = MSG.fetchBalanceFailed;
  else if (list.data?.length === 0) problem = MSG.noAssetData;
  else if (list.data && !row) problem = MSG.assetNotFound;

  if (list.data === undefined && list.isPending) return <Spinner label={t('wallet.detail.loadingBalance')} />;
  if (problem || !row) return <Notice tone="error">{message(problem ?? MSG.assetNotFound)}</Notice>;

  const price = prices[currency];
  return (
    <>
      <section className="rounded-2xl bg-surface p-5 shadow-card">
        <h2 className="text-sm text-muted">{t(`assets.account.${kind}`)}</h2>
        <p className="mt-3 text-[13px] text-muted">{t('wallet.detail.balance')}</p>
        <p className="break-all text-3xl font-bold tabular-nums" data-testid="asset-balance">
          {number(formatAmount(row.balance))} <span className="text-lg font-semibold text-muted">{currency}</span>
        </p>
        <p className="mt-1 text-sm tabular-nums text-muted">
          ≈{' '}
          {price === undefined
            ? '--'
            : `$${localGrouped(language, groupDigits(formatPrice(usdtValue(row.balance, price))))}`}{' '}
          USD
        </p>
      </section>

      <nav aria-label={t('wallet.detail.actions')} className="flex gap-2">
        {kind === 'funding' && (
          <Link to={PATHS.deposit} className={cx(LINK_SECONDARY, FITS_A_THIRD)}>
            {t('wallet.detail.deposit')}
          </Link>
        )}
        {kind === 'funding' && (
          <Link to={PATHS.withdrawal(currency)} className={cx(LINK_SECONDARY, FITS_A_THIRD)}>
            {t('wallet.detail.withdraw')}
          </Link>
        )}
        <Link to={`${PATHS.transfer(currency)}?from=${kind}`} className={cx(LINK_PRIMARY, FITS_A_THIRD)}>
          {t('wallet.detail.transfer')}
        </Link>
      </nav>

      <FinancialRecord kind={kind} currency={currency} />
      {kind === 'funding' && <SpotRecord currency={currency} />}
    </>
  );
}

export function AssetDetailPage() {
  const { t, message } = useI18n();
  const { walletType = '', currency: raw = '' } = useParams();
  const currency = raw.toUpperCase();
  const fallback = isWalletKind(walletType) ? assetsOf(walletType) : PATHS.assets;
  return (
    <>
      <PageHeader title={CURRENCY_PATTERN.test(currency) ? currency : t('wallet.detail.title')} fallback={fallback} />
      <Screen className="gap-4 pt-2">
        {!isWalletKind(walletType) ? (
          <Notice tone="error">{message(MSG.invalidWalletType)}</Notice>
        ) : !CURRENCY_PATTERN.test(currency) ? (
          <Notice tone="error">{message(MSG.assetNotFound)}</Notice>
        ) : (
          <>
            <div className="flex justify-end">
              <StatementExport />
            </div>
            <AssetDetail kind={walletType} currency={currency} />
          </>
        )}
      </Screen>
    </>
  );
}
