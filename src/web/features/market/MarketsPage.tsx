/**
 * Markets (docs/product.md section 2): tabs by quote asset taken from the data (USDT first, the default),
 * the pairs of the chosen tab with price and 24h change, 'Loading coins...' while empty. Every
 * pair's 24-hour ticker is refreshed every 5 s (docs/product.md section 7); failures are only logged.
 */
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useT } from '../../lib/i18n';
import { marketTickersQuery } from './api/tickers.js';
import { PairList } from './PairList';
import { defaultQuoteTab, pairsQuotedIn, quoteTabs } from './quotes.js';
import { QUOTE_PANEL_ID, QuoteTabs, quoteTabId } from './QuoteTabs';

export function MarketsPage() {
  const t = useT();
  const { data } = useQuery(marketTickersQuery());
  const tickers = data ?? [];
  const tabs = quoteTabs(tickers);
  const [chosen, setChosen] = useState<string>();
  const quote = chosen !== undefined && tabs.includes(chosen) ? chosen : defaultQuoteTab(tabs);
  const pairs = quote === undefined ? [] : pairsQuotedIn(tickers, quote);

  return (
    <>
      <header className="sticky top-0 z-20 border-b border-line bg-bg/95 backdrop-blur">
        <h1 className="px-4 pb-1 pt-3 text-[22px] font-bold">{t('markets.title')}</h1>
        {quote !== undefined && <QuoteTabs tabs={tabs} selected={quote} onSelect={setChosen} />}
      </header>
      <main className="flex flex-1 flex-col">
        {pairs.length === 0 ? (
          <p role="status" className="flex flex-1 items-center justify-center py-20 text-sm text-muted">
            {t('markets.loadingCoins')}
          </p>
        ) : (
          <section id={QUOTE_PANEL_ID} role="tabpanel" aria-labelledby={quoteTabId(quote!)} className="bg-surface pb-2">
            <PairList pairs={pairs} />
          </section>
        )}
      </main>
    </>
  );
}
