// @binance/connector ships no types; the test uses only these calls.
declare module '@binance/connector' {
  interface Response<T = any> {
    data: T;
    status: number;
  }
  export class Spot {
    constructor(apiKey?: string, apiSecret?: string, options?: { baseURL?: string; timeout?: number });
    ping(): Promise<Response>;
    time(): Promise<Response>;
    exchangeInfo(options?: { symbol?: string; symbols?: string[] }): Promise<Response>;
    ticker24hr(symbol?: string, symbols?: string[], type?: 'FULL' | 'MINI'): Promise<Response>;
    tickerPrice(symbol?: string, symbols?: string[]): Promise<Response>;
    depth(symbol: string, options?: { limit?: number }): Promise<Response>;
    klines(
      symbol: string,
      interval: string,
      options?: { limit?: number; startTime?: number; endTime?: number },
    ): Promise<Response>;
    // The signed calls of the private API (tests/api/private-api.test.ts).
    account(options?: Record<string, unknown>): Promise<Response>;
    newOrder(symbol: string, side: string, type: string, options?: Record<string, unknown>): Promise<Response>;
    getOrder(symbol: string, options?: Record<string, unknown>): Promise<Response>;
    cancelOrder(symbol: string, options?: Record<string, unknown>): Promise<Response>;
    openOrders(options?: Record<string, unknown>): Promise<Response>;
    cancelOpenOrders(symbol: string, options?: Record<string, unknown>): Promise<Response>;
    allOrders(symbol: string, options?: Record<string, unknown>): Promise<Response>;
    myTrades(symbol: string, options?: Record<string, unknown>): Promise<Response>;
    createListenKey(): Promise<Response>;
    renewListenKey(listenKey: string): Promise<Response>;
    closeListenKey(listenKey: string): Promise<Response>;
  }
}
