/**
 * The 5-level order book of the selected pair (GET /api/v3/depth?limit=5 once, then `<symbol>@depth5` on the
 * market socket: live-order-book.ts): asks in red
 * above the mid price, bids in green below, under a price-and-number header. Bars behind the rows
 * show each level's size against the largest shown. On the Lever screen a tap on a level gives its
 * price to the order form (docs/decisions/0031-lever-results.md). Failures are only logged (docs/product.md 8).
 */
import { memo } from 'react';
import { ORDER_BOOK_LEVELS, QUOTE_CURRENCY } from '../../../shared/constants';
import { dec } from '../../../shared/money';
import { cx } from '../../components/cx';
import { useI18n } from '../../lib/i18n';
import { formatSize, formatTradePrice } from './display';
import { useLiveOrderBook } from './live-order-book';

type Level = readonly [price: string, amount: string];

const Row = memo(function Row({
  level,
  side,
  widest,
  onPick,
}: {
  level: Level | undefined;
  side: 'ask' | 'bid';
  widest: string;
  onPick: ((price: string) => void) | undefined;
}) {
  const { t, number } = useI18n();
  const share = level && dec(widest).gt(0) ? dec(level[1]).div(widest).times(100).toDecimalPlaces(1).toNumber() : 0;
  return (
    <li className="relative flex h-[22px] items-center justify-between gap-2 px-1 text-xs tabular-nums">
      {/* The whole row takes the tap (docs/decisions/0031-lever-results.md); a button over it keeps the list a list for screen readers. */}
      {onPick && level && (
        <button
          type="button"
          onClick={() => onPick(dec(level[0]).toFixed())}
          aria-label={t('trade.common.pickPrice', { price: number(formatTradePrice(level[0])) })}
          className="absolute inset-0 z-10 rounded-sm hover:bg-ink/5 focus-visible:ring-2 focus-visible:ring-primary"
        />
      )}
      <span
        className={cx('absolute inset-y-[2px] right-0 rounded-sm', side === 'ask' ? 'bg-down/10' : 'bg-up/10')}
        style={{ width: `${share}%` }}
        aria-hidden="true"
      />
      <span className={cx('relative', side === 'ask' ? 'text-down' : 'text-up')}>
        {level ? number(formatTradePrice(level[0])) : '--'}
      </span>
      <span className="relative text-ink/80">{level ? number(formatSize(level[1])) : '--'}</span>
    </li>
  );
});

export interface OrderBookProps {
  symbol: string;
  /** Shown as the mid until the book has both sides. */
  price: string | undefined;
  /** Colours the mid: red on a falling day, green otherwise. */
  changePercent: string | undefined;
  /** A tapped level's price (the Lever screen fills its limit price with it); rows are plain without it. */
  onPickPrice?: (price: string) => void;
}

export function OrderBook({ symbol, price, changePercent, onPickPrice }: OrderBookProps) {
  const book = useLiveOrderBook(symbol);
  const { t, number } = useI18n();
  const asks = (book.data?.asks ?? []).slice(0, ORDER_BOOK_LEVELS);
  const bids = (book.data?.bids ?? []).slice(0, ORDER_BOOK_LEVELS);
  const widest = [...asks, ...bids].reduce((max, [, amount]) => (dec(amount).gt(max) ? amount : max), '0');
  // Best ask nearest the middle: the highest of the five on top.
  const askRows = Array.from({ length: ORDER_BOOK_LEVELS }, (_, i) => asks[ORDER_BOOK_LEVELS - 1 - i]);
  const bidRows = Array.from({ length: ORDER_BOOK_LEVELS }, (_, i) => bids[i]);
  const falling = changePercent !== undefined && changePercent.trim().startsWith('-');
  // The middle of the book it is drawn with, so it always sits between its asks and bids.
  const bestAsk = asks[0]?.[0];
  const bestBid = bids[0]?.[0];
  const mid = bestAsk && bestBid ? dec(bestAsk).plus(bestBid).div(2).toFixed() : price;

  return (
    <section aria-label={t('trade.common.orderBook')} className="flex min-w-0 flex-col">
      <div className="flex justify-between px-1 pb-1 text-[11px] text-muted">
        <span>{t('trade.common.priceColumn', { currency: QUOTE_CURRENCY })}</span>
        <span>{t('trade.common.number')}</span>
      </div>
      <ol aria-label={t('trade.common.asks')} className="flex flex-col">
        {askRows.map((level, i) => (
          <Row key={i} level={level} side="ask" widest={widest} onPick={onPickPrice} />
        ))}
      </ol>
      <p className={cx('my-1.5 px-1 text-base font-bold leading-6 tabular-nums', falling ? 'text-down' : 'text-up')}>
        <span className="sr-only">{t('trade.common.midPrice')} </span>
        {number(formatTradePrice(mid))}
      </p>
      <ol aria-label={t('trade.common.bids')} className="flex flex-col">
        {bidRows.map((level, i) => (
          <Row key={i} level={level} side="bid" widest={widest} onPick={onPickPrice} />
        ))}
      </ol>
    </section>
  );
}
