/** What the rest of the server may ask of the market service (DESIGN.md section 7). */

export interface MarkPrice {
  /** Last price in USDT, a decimal string. */
  price: string;
  /** True when the feed has been silent too long to trust this price. */
  stale: boolean;
  /** When the price was observed (ms since epoch). */
  updatedAt: number;
}

export interface MarketService {
  /** Mark price of a coin against USDT ('BTC' -> BTCUSDT). USDO comes from the default-currency price. null: unknown coin. */
  markPrice(coin: string): Promise<MarkPrice | null>;
  start(): Promise<void>;
  stop(): Promise<void>;
}
