/**
 * The spot order form of the Exchange mock (docs/product.md 2): buy/sell, price, amount and the 25-100 %
 * buttons over the funding wallet. docs/product.md does not show spot orders being placed, so the button
 * places none: it says spot trading is coming and points to the Lever screen.
 */
import { useState } from 'react';
import { Link } from 'react-router';
import type { TradeSide } from '../../../shared/api/trade';
import { QUOTE_CURRENCY } from '../../../shared/constants';
import { formatAmount } from '../../../shared/format';
import { dec, isAmount, mul } from '../../../shared/money';
import { cx } from '../../components/cx';
import { leverPathOf } from '../../lib/paths';
import { useFundingBalance } from './api/funding-wallet';
import { formatTradePrice, formatUsdtHeld } from './display';
import { Segmented, type SegmentOption } from './Segmented';
import { TradeField } from './TradeField';

const SIDES: readonly SegmentOption<TradeSide>[] = [
  { value: 'buy', label: 'Buy', activeClassName: 'bg-up text-white' },
  { value: 'sell', label: 'Sell', activeClassName: 'bg-down text-white' },
];
const SHARES = [25, 50, 75, 100] as const;
const SPOT_COMING_SOON = 'Spot trading is coming soon.';

export function SpotForm({ coin, price }: { coin: string; price: string | undefined }) {
  const [side, setSide] = useState<TradeSide>('buy');
  const [limit, setLimit] = useState('');
  const [amount, setAmount] = useState('');
  const [notice, setNotice] = useState(false);
  const usdt = useFundingBalance(QUOTE_CURRENCY);
  const held = useFundingBalance(coin);
  const orderPrice = limit.trim() !== '' && isAmount(limit.trim()) && dec(limit).gt(0) ? limit.trim() : price;
  const total =
    orderPrice && amount.trim() !== '' && isAmount(amount.trim()) ? mul(amount.trim(), orderPrice).toFixed() : null;

  const share = (percent: number) => {
    setNotice(false);
    if (side === 'sell') {
      if (held !== undefined) setAmount(formatAmount(dec(held).times(percent).div(100).toFixed()));
      return;
    }
    if (usdt === undefined || !orderPrice || !dec(orderPrice).gt(0)) return;
    setAmount(formatAmount(dec(usdt).times(percent).div(100).div(orderPrice).toFixed()));
  };

  return (
    <form
      aria-label="Spot order form"
      className="flex min-w-0 flex-col gap-2.5"
      onSubmit={(event) => {
        event.preventDefault();
        setNotice(true);
      }}
    >
      <Segmented
        label="Side"
        options={SIDES}
        value={side}
        onChange={(v) => {
          setSide(v);
          setNotice(false);
        }}
      />
      <TradeField
        label="Price"
        unit={QUOTE_CURRENCY}
        placeholder={formatTradePrice(price)}
        value={limit}
        onChange={(event) => setLimit(event.target.value)}
      />
      <TradeField
        label="Amount"
        unit={coin}
        placeholder="0"
        value={amount}
        onChange={(event) => setAmount(event.target.value)}
      />
      <div role="group" aria-label="Share of balance" className="grid grid-cols-4 gap-1">
        {SHARES.map((percent) => (
          <button
            key={percent}
            type="button"
            onClick={() => share(percent)}
            className="h-touch rounded-lg border border-line text-xs font-semibold text-muted hover:border-primary hover:text-primary"
          >
            {percent}%
          </button>
        ))}
      </div>
      <div className="flex flex-col gap-1 text-xs tabular-nums">
        <div className="flex justify-between gap-2">
          <span className="text-muted">Available</span>
          <span className="font-medium">
            {side === 'buy'
              ? `${usdt === undefined ? '--' : formatUsdtHeld(usdt)} ${QUOTE_CURRENCY}`
              : `${held === undefined ? '--' : formatAmount(held)} ${coin}`}
          </span>
        </div>
        <div className="flex justify-between gap-2">
          <span className="text-muted">Total</span>
          <span className="font-medium">{total ? `${formatUsdtHeld(total)} ${QUOTE_CURRENCY}` : '--'}</span>
        </div>
      </div>
      <button
        type="submit"
        className={cx('h-12 rounded-xl text-[15px] font-semibold text-white', side === 'buy' ? 'bg-up' : 'bg-down')}
      >
        {side === 'buy' ? 'Buy' : 'Sell'} {coin}
      </button>
      {notice && (
        <p role="status" className="rounded-xl bg-primary/10 px-3 py-2.5 text-xs leading-5 text-primary">
          {SPOT_COMING_SOON}{' '}
          <Link to={leverPathOf(coin)} className="font-semibold underline underline-offset-2">
            Trade {coin} on the Lever screen
          </Link>
        </p>
      )}
    </form>
  );
}
