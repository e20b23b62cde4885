/** The Home gainers list: only coins whose 24-hour change is positive, biggest gain first. */
import { dec } from '../../../shared/money.js';

export interface ChangeTicker {
  symbol: string;
  priceChangePercent: string;
}

const changeOf = (ticker: ChangeTicker) => {
  try {
    const change = dec(ticker.priceChangePercent);
    return change.isFinite() ? change : null;
  } catch {
    return null;
  }
};

export function gainers<T extends ChangeTicker>(tickers: readonly T[], limit = Infinity): T[] {
  return tickers
    .map((ticker) => ({ ticker, change: changeOf(ticker) }))
    .filter((row) => row.change !== null && row.change.gt(0))
    .sort((a, b) => b.change!.comparedTo(a.change!) || a.ticker.symbol.localeCompare(b.ticker.symbol))
    .slice(0, limit)
    .map((row) => row.ticker);
}
