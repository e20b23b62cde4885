/**
 * Home's gainers list (docs/product.md section 2): Name, Last Price, 24h Change; only coins up on the day,
 * biggest gain first. Rows are memoised on their numbers, so a tick re-renders the rows it moved.
 */
import { memo } from 'react';
import { formatHomePrice } from '../../../shared/format.js';
import { coinName, splitSymbol } from '../../../shared/market.js';
import { useI18n, useT } from '../../lib/i18n';
import { gainers } from './gainers.js';
import type { LiveTicker } from './stream.js';
import { ChangePill } from './change';

const GainerRow = memo(function GainerRow({ symbol, lastPrice, priceChangePercent }: LiveTicker) {
  const pair = splitSymbol(symbol);
  const { number } = useI18n();
  return (
    <tr className="border-t border-line/70 first:border-t-0" data-symbol={symbol}>
      <th scope="row" className="py-2.5 pl-4 pr-2 text-left font-normal">
        <span className="block truncate text-[15px] font-semibold">
          {pair?.baseAsset ?? symbol}
          {pair && <span className="text-[12px] font-normal text-muted">/{pair.quoteAsset}</span>}
        </span>
        <span className="block truncate text-[12px] text-muted">{coinName(symbol)}</span>
      </th>
      <td className="px-2 text-right text-[15px] font-medium tabular-nums">{number(formatHomePrice(lastPrice))}</td>
      <td className="py-2.5 pl-2 pr-4 text-right">
        <ChangePill percent={priceChangePercent} />
      </td>
    </tr>
  );
});

export function GainersList({ tickers }: { tickers: readonly LiveTicker[] }) {
  const t = useT();
  const rows = gainers(tickers);
  return (
    <section aria-labelledby="gainers-title" className="overflow-hidden rounded-2xl bg-surface shadow-card">
      <h2 id="gainers-title" className="px-4 pb-2 pt-4 text-[17px] font-bold">
        {t('home.gainers')}
      </h2>
      <table className="w-full table-fixed" aria-labelledby="gainers-title">
        <colgroup>
          <col />
          <col className="w-[118px]" />
          <col className="w-[100px]" />
        </colgroup>
        <thead>
          <tr className="border-y border-line text-[12px] text-muted">
            <th scope="col" className="py-2 pl-4 text-left font-normal">
              {t('home.name')}
            </th>
            <th scope="col" className="px-2 py-2 text-right font-normal">
              {t('home.lastPrice')}
            </th>
            <th scope="col" className="py-2 pr-4 text-right font-normal">
              {t('home.change24h')}
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((t) => (
            <GainerRow
              key={t.symbol}
              symbol={t.symbol}
              lastPrice={t.lastPrice}
              priceChangePercent={t.priceChangePercent}
            />
          ))}
        </tbody>
      </table>
      {rows.length === 0 && (
        <p className="px-4 py-10 text-center text-sm text-muted">
          {tickers.length === 0 ? t('home.loadingCoins') : t('home.noGainers')}
        </p>
      )}
    </section>
  );
}
