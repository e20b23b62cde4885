/** The symbols a feed quotes, with their exchangeInfo entries serialised once. */
import type { SymbolInfo } from '../../../shared/api/market.js';

export class SymbolCatalog {
  readonly symbols: readonly string[];
  private readonly entries = new Map<string, string>();
  private allJson: string | undefined;

  constructor(readonly infos: readonly SymbolInfo[]) {
    for (const info of infos) this.entries.set(info.symbol, JSON.stringify(info));
    this.symbols = [...this.entries.keys()];
  }

  has(symbol: string): boolean {
    return this.entries.has(symbol);
  }

  /** The exchangeInfo body for some symbols (all when omitted), built from the cached entries. */
  exchangeInfoJson(serverTime: number, symbols?: readonly string[]): string {
    const list = symbols
      ? `[${symbols
          .map((s) => this.entries.get(s) ?? '')
          .filter(Boolean)
          .join(',')}]`
      : (this.allJson ??= `[${[...this.entries.values()].join(',')}]`);
    return (
      `{"timezone":"UTC","serverTime":${serverTime},` +
      `"rateLimits":[{"rateLimitType":"REQUEST_WEIGHT","interval":"MINUTE","intervalNum":1,"limit":6000}],` +
      `"exchangeFilters":[],"symbols":${list}}`
    );
  }
}
