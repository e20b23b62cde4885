/**
 * /exchange (docs/decisions/0026-spot-orders.md): buy and sell coins for USDT in the funding
 * wallet. The pair and its live price (the coin selector offers every spot pair), the spot order form
 * beside the order book, and the open orders and order history; above them the pair's chart (ChartPanel,
 * docs/decisions/0060-markets-and-charts.md). The coin lives in the address
 * (?coin=TON, the parameter the Lever screen reads too) so a reload, a shared link or the Markets
 * list opens it.
 */
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { SPOT_SYMBOLS, spotPairOf } from '../../../shared/market';
import { Screen } from '../../components/Screen';
import { useT } from '../../lib/i18n';
import { ChartPanel } from './ChartPanel';
import { CoinDrawer } from './CoinDrawer';
import { useLivePrice } from './live-price';
import { OrderBook } from './OrderBook';
import { AlertBell } from './alerts/AlertBell';
import { PairBar } from './PairBar';
import { SpotForm } from './SpotForm';
import { SpotOrders } from './SpotOrders';

const DEFAULT_COIN = 'BTC';

export function ExchangePage() {
  const [params, setParams] = useSearchParams();
  const t = useT();
  // ?coin= of a spot pair ('TON', 'TONUSDT', 'ton/usdt'), else BTC.
  const pair = spotPairOf(params.get('coin') ?? DEFAULT_COIN) ?? spotPairOf(DEFAULT_COIN)!;
  const [drawerOpen, setDrawerOpen] = useState(false);
  const live = useLivePrice(pair.symbol);

  const choose = (next: string) => {
    setDrawerOpen(false);
    setParams(next === DEFAULT_COIN ? {} : { coin: next }, { replace: true });
  };

  return (
    <>
      <h1 className="sr-only">{t('trade.exchange.title')}</h1>
      <PairBar
        coin={pair.coin}
        live={live}
        drawerOpen={drawerOpen}
        onOpenCoins={() => setDrawerOpen(true)}
        action={<AlertBell coin={pair.coin} price={live.price} />}
      />
      <Screen className="gap-3">
        <ChartPanel symbol={pair.symbol} livePrice={live.price} />
        <div className="grid grid-cols-[minmax(0,1.5fr)_minmax(0,1fr)] gap-3 rounded-2xl bg-surface p-3 shadow-card">
          <SpotForm pair={pair} lastPrice={live.price} />
          <OrderBook symbol={pair.symbol} price={live.price} changePercent={live.changePercent} />
        </div>
        <SpotOrders />
      </Screen>
      <CoinDrawer
        open={drawerOpen}
        onClose={() => setDrawerOpen(false)}
        selected={pair.coin}
        onSelect={choose}
        symbols={SPOT_SYMBOLS}
      />
    </>
  );
}
