/**
 * /exchange: the spot mock of docs/product.md 2 for BTC/USDT: the price (refreshed every 3 s), the order
 * form with its percentage buttons, the order book and an empty open-orders list. No spot order
 * is ever placed from here (docs/product.md does not show it); the button points to the Lever screen.
 */
import { useQuery } from '@tanstack/react-query';
import { QUOTE_CURRENCY } from '../../../shared/constants';
import { MSG } from '../../../shared/messages';
import { Screen } from '../../components/Screen';
import { spotPriceQuery } from '../market';
import { formatTradePrice, pairLabel } from './display';
import { OrderBook } from './OrderBook';
import { SpotForm } from './SpotForm';

const SPOT_COIN = 'BTC';
const SPOT_SYMBOL = `${SPOT_COIN}${QUOTE_CURRENCY}`;

export function ExchangePage() {
  const price = useQuery(spotPriceQuery(SPOT_SYMBOL)).data?.price;
  return (
    <>
      <header className="px-4 pb-2 pt-1">
        <div className="flex h-touch items-center gap-2">
          <h1 className="text-lg font-bold tracking-tight">{pairLabel(SPOT_COIN)}</h1>
          <span className="rounded bg-surface-2 px-1.5 py-0.5 text-[11px] font-semibold text-muted">Spot</span>
        </div>
        <p className="text-[28px] font-bold leading-8 tabular-nums" aria-label="Last price">
          {formatTradePrice(price)}
        </p>
      </header>
      <Screen className="gap-3">
        <div className="grid grid-cols-[minmax(0,1.5fr)_minmax(0,1fr)] gap-3 rounded-2xl bg-surface p-3 shadow-card">
          <SpotForm coin={SPOT_COIN} price={price} />
          <OrderBook symbol={SPOT_SYMBOL} price={price} changePercent={undefined} />
        </div>
        <section aria-labelledby="spot-orders-title" className="rounded-2xl bg-surface px-4 py-3 shadow-card">
          <h2 id="spot-orders-title" className="text-[15px] font-semibold">
            Open orders <span className="font-normal text-muted">(0)</span>
          </h2>
          <p className="py-8 text-center text-sm text-muted">{MSG.noRecord}</p>
        </section>
      </Screen>
    </>
  );
}
