/** Home's BTC, ETH and XRP tiles (docs/product.md section 2): pair, last price with 5 decimals, 24h change. */
import { memo } from 'react';
import { formatHomePrice } from '../../../shared/format.js';
import { QUOTE_CURRENCY } from '../../../shared/constants.js';
import { useI18n } from '../../lib/i18n';
import type { LiveTicker } from './stream.js';
import { ChangeText } from './change';

const TILE_COINS = ['BTC', 'ETH', 'XRP'] as const;

const PriceTile = memo(function PriceTile({
  coin,
  price,
  priceSize,
  priceChangePercent,
}: {
  coin: string;
  price: string;
  priceSize: string;
  priceChangePercent: string | undefined;
}) {
  return (
    <li
      className="min-w-0 rounded-2xl bg-surface px-2.5 py-3 shadow-card [container-type:inline-size]"
      aria-label={`${coin}/${QUOTE_CURRENCY}`}
    >
      <p className="truncate text-[13px] font-semibold">
        {coin}
        <span className="font-normal text-muted">/{QUOTE_CURRENCY}</span>
      </p>
      <p className={`mt-1.5 truncate font-bold tabular-nums tracking-tight ${priceSize}`} data-testid="tile-price">
        {price}
      </p>
      <ChangeText percent={priceChangePercent} className="mt-0.5 block text-[12px] font-medium" />
    </li>
  );
});

/**
 * Five decimals make BTC's price 11 characters. One size for all three tiles, scaled to the tile's
 * width (container units) so the longest price fits whole on a narrow phone.
 */
function priceSizeFor(prices: readonly string[]): string {
  const longest = Math.max(...prices.map((p) => p.length));
  if (longest <= 9) return 'text-[length:clamp(12px,16cqw,18px)]';
  if (longest === 10) return 'text-[length:clamp(11px,14cqw,17px)]';
  return 'text-[length:clamp(10px,13cqw,16px)]';
}

export function PriceTiles({ tickers }: { tickers: readonly LiveTicker[] }) {
  const { t, number } = useI18n();
  const bySymbol = new Map(tickers.map((t) => [t.symbol, t]));
  const tiles = TILE_COINS.map((coin) => {
    const ticker = bySymbol.get(`${coin}${QUOTE_CURRENCY}`);
    return { coin, price: number(formatHomePrice(ticker?.lastPrice)), priceChangePercent: ticker?.priceChangePercent };
  });
  const priceSize = priceSizeFor(tiles.map((t) => t.price));
  return (
    <ul aria-label={t('home.prices')} className="grid grid-cols-3 gap-2">
      {tiles.map((tile) => (
        <PriceTile key={tile.coin} {...tile} priceSize={priceSize} />
      ))}
    </ul>
  );
}
