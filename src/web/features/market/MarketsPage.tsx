/**
 * Markets (docs/product.md section 2): tabs by quote asset taken from the data (USDT first, the default),
 * the pairs of the chosen tab with price and 24h change, 'Loading coins...' while empty. Every
 * pair's 24-hour ticker is refreshed every 5 s (docs/product.md section 7); failures are only logged.
 * To find a pair (docs/decisions/0060-markets-and-charts.md): a search over symbol and coin name, an
 * All / Gainers / Losers / Volume switch, a sort, and the signed-in user's favourites as the first tab.
 */
import { useQuery } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { cx } from '../../components/cx';
import { useT } from '../../lib/i18n';
import { useSession } from '../../lib/use-session';
import { useFavourites, useToggleFavourite } from './api/favourites.js';
import { marketTickersQuery } from './api/tickers.js';
import { findPairs, MARKET_SORTS, MARKET_VIEWS, type MarketSort, type MarketView } from './find.js';
import { PairList } from './PairList';
import { PairSearch } from './PairSearch';
import { defaultQuoteTab, pairsQuotedIn, quoteTabs } from './quotes.js';
import { QUOTE_PANEL_ID, QuoteTabs, quoteTabId } from './QuoteTabs';

/** The favourites tab beside the quote tabs (a quote is upper-case letters, so no clash). */
const FAVOURITES_TAB = 'favourites';

export function MarketsPage() {
  const t = useT();
  const { loggedIn } = useSession();
  const { data } = useQuery(marketTickersQuery());
  const favouritesQuery = useFavourites(loggedIn);
  const toggle = useToggleFavourite();
  const tickers = data ?? [];
  const quotes = quoteTabs(tickers);
  const tabs = loggedIn && quotes.length > 0 ? [FAVOURITES_TAB, ...quotes] : quotes;
  const [chosen, setChosen] = useState<string>();
  const [query, setQuery] = useState('');
  const [view, setView] = useState<MarketView>('all');
  const [sort, setSort] = useState<MarketSort>('default');
  const tab = chosen !== undefined && tabs.includes(chosen) ? chosen : defaultQuoteTab(quotes);
  const favouriteList = favouritesQuery.data?.symbols;
  const favourites = useMemo(() => (loggedIn ? new Set(favouriteList ?? []) : undefined), [loggedIn, favouriteList]);
  const inTab =
    tab === undefined
      ? []
      : tab === FAVOURITES_TAB
        ? tickers.filter((ticker) => favourites?.has(ticker.symbol))
        : pairsQuotedIn(tickers, tab);
  const pairs = findPairs(inTab, query, view, sort);
  const { mutate } = toggle;
  const onToggleFavourite = useCallback((symbol: string, on: boolean) => mutate({ symbol, on }), [mutate]);

  const empty =
    tab === FAVOURITES_TAB && inTab.length === 0
      ? t('pairs.noFavourites')
      : pairs.length === 0
        ? t('pairs.noMatch')
        : null;

  return (
    <>
      <header className="sticky top-0 z-20 border-b border-line bg-bg/95 backdrop-blur">
        <h1 className="px-4 pb-1 pt-3 text-[22px] font-bold">{t('markets.title')}</h1>
        <div className="px-4 pb-1 pt-1">
          <PairSearch value={query} onChange={setQuery} testId="markets-search" />
        </div>
        {tab !== undefined && (
          <QuoteTabs
            tabs={tabs}
            selected={tab}
            onSelect={setChosen}
            labelOf={(key) => (key === FAVOURITES_TAB ? t('pairs.favourites') : key)}
          />
        )}
      </header>
      <main className="flex flex-1 flex-col">
        <div className="flex items-center gap-2 px-4 pb-1 pt-2">
          <div role="group" aria-label={t('pairs.show')} className="flex min-w-0 flex-1 gap-1 overflow-x-auto">
            {MARKET_VIEWS.map((key) => (
              <button
                key={key}
                type="button"
                aria-pressed={view === key}
                onClick={() => setView(key)}
                className={cx(
                  'h-8 shrink-0 rounded-full px-3 text-[13px] font-medium',
                  view === key ? 'bg-surface-2 text-ink' : 'text-muted hover:text-ink',
                )}
              >
                {t(`pairs.views.${key}`)}
              </button>
            ))}
          </div>
          <label className="flex shrink-0 items-center">
            <span className="sr-only">{t('pairs.sortBy')}</span>
            <select
              value={sort}
              onChange={(e) => setSort(e.target.value as MarketSort)}
              className="h-8 max-w-[128px] rounded-full border border-line bg-surface px-2 text-[13px] text-ink"
              data-testid="markets-sort"
            >
              {MARKET_SORTS.map((key) => (
                <option key={key} value={key}>
                  {t(`pairs.sorts.${key}`)}
                </option>
              ))}
            </select>
          </label>
        </div>
        {tab === undefined ? (
          <p role="status" className="flex flex-1 items-center justify-center py-20 text-sm text-muted">
            {t('markets.loadingCoins')}
          </p>
        ) : (
          <section id={QUOTE_PANEL_ID} role="tabpanel" aria-labelledby={quoteTabId(tab)} className="bg-surface pb-2">
            {empty === null ? (
              <PairList pairs={pairs} favourites={favourites} onToggleFavourite={onToggleFavourite} />
            ) : (
              <p role="status" className="px-6 py-16 text-center text-sm text-muted">
                {empty}
              </p>
            )}
          </section>
        )}
      </main>
    </>
  );
}
