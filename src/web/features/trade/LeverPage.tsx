/**
 * /lever (docs/product.md 2 "Lever trading screen"): the pair and its live price, a candlestick chart,
 * the order form beside the order book (a tapped price fills the limit price), the positions and
 * open orders, and one message area for what the last action did (docs/decisions/0031-lever-results.md). The selected coin
 * lives in the address (?coin=ETH) so a reload or a shared link keeps it. A summary at the top opens the
 * positions and orders; USDO (docs/product.md lists it as a coin) trades here too, at the house's price,
 * without a market chart or book (docs/decisions/0061-trade-form.md).
 */
import { useCallback, useState } from 'react';
import { useSearchParams } from 'react-router';
import { MAIN_SYMBOLS, splitSymbol } from '../../../shared/market';
import { IN_HOUSE_COIN, QUOTE_CURRENCY } from '../../../shared/constants';
import { cx } from '../../components/cx';
import { Screen } from '../../components/Screen';
import { useT } from '../../lib/i18n';
import { useLeverPositions } from './api/active-trades';
import { useLeverBalance } from './api/lever-wallet';
import { useTradeRepricing } from './api/reprice-trades';
import { ChartPanel } from './ChartPanel';
import { CoinDrawer } from './CoinDrawer';
import { useLivePrice } from './live-price';
import { OpenOrders, type OrdersTab } from './OpenOrders';
import { PositionsSummary } from './PositionsSummary';
import { OrderBook } from './OrderBook';
import { OrderForm } from './OrderForm';
import { AlertBell } from './alerts/AlertBell';
import { PairBar } from './PairBar';
import { LeverMessageArea, LeverMessagesProvider } from './lever-messages';
import type { PickedPrice } from './OrderForm';

const LEVER_SYMBOLS = [...MAIN_SYMBOLS, `${IN_HOUSE_COIN}${QUOTE_CURRENCY}`];
const LEVER_COINS = LEVER_SYMBOLS.map((symbol) => splitSymbol(symbol)?.baseAsset ?? symbol);
const DEFAULT_COIN = 'BTC';

/** The coin of ?coin=, when it is one of the lever pairs. */
function leverCoinOf(value: string | null): string {
  const coin =
    value
      ?.trim()
      .toUpperCase()
      .replace(/\/?USDT$/, '') ?? '';
  return LEVER_COINS.includes(coin) ? coin : DEFAULT_COIN;
}

export function LeverPage() {
  const [params, setParams] = useSearchParams();
  const t = useT();
  const coin = leverCoinOf(params.get('coin'));
  const symbol = `${coin}${QUOTE_CURRENCY}`;
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [pickedPrice, setPickedPrice] = useState<PickedPrice | null>(null);
  const [ordersTab, setOrdersTab] = useState<OrdersTab>('positions');
  const inHouse = coin === IN_HOUSE_COIN;
  // Stable, so the memoised book rows do not render again on every price tick.
  const pickPrice = useCallback((price: string) => setPickedPrice({ price }), []);
  const live = useLivePrice(symbol);
  const { balance, failed } = useLeverBalance();
  const { trades, pushed } = useLeverPositions();
  useTradeRepricing(trades.data, coin, live.price, pushed);

  const choose = (next: string) => {
    setDrawerOpen(false);
    setPickedPrice(null);
    setParams(next === DEFAULT_COIN ? {} : { coin: next }, { replace: true });
  };

  return (
    <LeverMessagesProvider>
      <h1 className="sr-only">{t('trade.lever.title')}</h1>
      <PairBar
        coin={coin}
        live={live}
        drawerOpen={drawerOpen}
        onOpenCoins={() => setDrawerOpen(true)}
        action={<AlertBell coin={coin} price={live.price} />}
      />
      <Screen className="gap-3">
        <PositionsSummary trades={trades.data} onOpen={setOrdersTab} />
        {!inHouse && <ChartPanel symbol={symbol} livePrice={live.price} />}
        <div
          className={cx(
            'grid gap-3 rounded-2xl bg-surface p-3 shadow-card',
            !inHouse && 'grid-cols-[minmax(0,1.5fr)_minmax(0,1fr)]',
          )}
        >
          <OrderForm
            coin={coin}
            price={live.price}
            balance={balance}
            balanceFailed={failed}
            pickedPrice={pickedPrice}
          />
          {!inHouse && (
            <OrderBook symbol={symbol} price={live.price} changePercent={live.changePercent} onPickPrice={pickPrice} />
          )}
        </div>
        <OpenOrders trades={trades.data} loading={trades.isPending} tab={ordersTab} onTab={setOrdersTab} />
      </Screen>
      <CoinDrawer
        open={drawerOpen}
        onClose={() => setDrawerOpen(false)}
        selected={coin}
        onSelect={choose}
        symbols={LEVER_SYMBOLS}
      />
      <LeverMessageArea />
    </LeverMessagesProvider>
  );
}
