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
  }
}
