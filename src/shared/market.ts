/**
 * The tracked market: coins with realistic starting prices (in USDT) and the pairs we quote.
 * One list for the server (simulator, exchange API) and the web app (names, tabs, streams).
 * docs/product.md section 9: 15 main symbols, 40 home symbols; pairs quoted in USDT, BTC, FDUSD, BNB,
 * TRY and USDC.
 */
import { QUOTE_CURRENCY } from './constants.js';

/** Quote assets in the order the Markets tabs show them (USDT first: the default tab). */
export const QUOTE_ASSETS = ['USDT', 'BTC', 'FDUSD', 'BNB', 'TRY', 'USDC'] as const;
export type QuoteAsset = (typeof QUOTE_ASSETS)[number];
export const DEFAULT_QUOTE: QuoteAsset = 'USDT';

export interface MarketAsset {
  asset: string;
  name: string;
  /** Starting (anchor) price in USDT, around which the simulator walks. */
  price: number;
  /** Typical daily move as a fraction (0.03 = 3 %), the simulator's volatility. */
  dailyVolatility: number;
  /** Typical daily volume of the coin's USDT pair, in USDT. */
  dailyVolumeUsdt: number;
}

const coin = (
  asset: string,
  name: string,
  price: number,
  dailyVolatility: number,
  dailyVolumeUsdt: number,
): MarketAsset => ({
  asset,
  name,
  price,
  dailyVolatility,
  dailyVolumeUsdt,
});

/** Every coin quoted against USDT, in home order: the first 15 are the main symbols. */
export const COINS: readonly MarketAsset[] = [
  coin('BTC', 'Bitcoin', 67250, 0.025, 1.8e9),
  coin('ETH', 'Ethereum', 3480, 0.03, 9e8),
  coin('BNB', 'BNB', 585, 0.025, 1.5e8),
  coin('SOL', 'Solana', 148, 0.045, 5e8),
  coin('XRP', 'XRP', 0.521, 0.035, 2e8),
  coin('DOGE', 'Dogecoin', 0.1235, 0.05, 2.5e8),
  coin('ADA', 'Cardano', 0.448, 0.04, 6e7),
  coin('TRX', 'TRON', 0.129, 0.02, 4e7),
  coin('AVAX', 'Avalanche', 27.8, 0.045, 7e7),
  coin('LINK', 'Chainlink', 14.2, 0.045, 8e7),
  coin('DOT', 'Polkadot', 6.15, 0.04, 4e7),
  coin('POL', 'Polygon', 0.505, 0.045, 3e7),
  coin('LTC', 'Litecoin', 72.4, 0.035, 6e7),
  coin('BCH', 'Bitcoin Cash', 382.5, 0.04, 5e7),
  coin('SHIB', 'Shiba Inu', 0.00001812, 0.05, 6e7),
  coin('TON', 'Toncoin', 6.45, 0.04, 5e7),
  coin('NEAR', 'NEAR Protocol', 5.22, 0.05, 6e7),
  coin('UNI', 'Uniswap', 8.05, 0.05, 4e7),
  coin('ATOM', 'Cosmos', 6.95, 0.04, 3e7),
  coin('XLM', 'Stellar', 0.0965, 0.035, 2e7),
  coin('ETC', 'Ethereum Classic', 23.1, 0.04, 3e7),
  coin('FIL', 'Filecoin', 4.52, 0.05, 3e7),
  coin('APT', 'Aptos', 7.05, 0.05, 4e7),
  coin('ARB', 'Arbitrum', 0.812, 0.05, 5e7),
  coin('OP', 'Optimism', 1.72, 0.055, 4e7),
  coin('INJ', 'Injective', 22.4, 0.06, 4e7),
  coin('SUI', 'Sui', 1.012, 0.06, 8e7),
  coin('PEPE', 'Pepe', 0.00001105, 0.07, 2e8),
  coin('ICP', 'Internet Computer', 9.1, 0.05, 2e7),
  coin('HBAR', 'Hedera', 0.0732, 0.045, 2e7),
  coin('VET', 'VeChain', 0.0251, 0.04, 1.5e7),
  coin('AAVE', 'Aave', 96.3, 0.05, 3e7),
  coin('ALGO', 'Algorand', 0.1512, 0.04, 1.2e7),
  coin('SAND', 'The Sandbox', 0.302, 0.05, 1.5e7),
  coin('MANA', 'Decentraland', 0.324, 0.05, 1.2e7),
  coin('GRT', 'The Graph', 0.1835, 0.05, 2e7),
  coin('SEI', 'Sei', 0.351, 0.065, 3e7),
  coin('TIA', 'Celestia', 6.02, 0.065, 4e7),
  coin('RENDER', 'Render', 6.55, 0.06, 3e7),
  coin('WIF', 'dogwifhat', 2.08, 0.08, 1e8),
];

/** Stablecoins and fiat that appear as quotes (USDT itself is the unit: always 1). */
const QUOTE_CURRENCIES: readonly MarketAsset[] = [
  coin('USDT', 'Tether', 1, 0, 5e8),
  coin('USDC', 'USD Coin', 1, 0.0003, 2.5e8),
  coin('FDUSD', 'First Digital USD', 0.9995, 0.0004, 1.5e8),
  coin('TRY', 'Turkish Lira', 1 / 33.05, 0.004, 1.2e8),
];

export const MARKET_ASSETS: readonly MarketAsset[] = [...COINS, ...QUOTE_CURRENCIES];

const clampTo = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/**
 * Decimals of a pair's price tick (2..8: about 5-7 significant digits, like the exchange's tick
 * sizes) and quantity step (0..5), from the starting prices of its base and quote: one rule for the
 * exchange view's filters (server market/rules.ts) and for spot orders (api/spot.ts).
 */
export function pairDecimals(base: MarketAsset, quote: MarketAsset): { priceDecimals: number; qtyDecimals: number } {
  const price = base.price / quote.price;
  return {
    priceDecimals: clampTo(4 - Math.floor(Math.log10(price)), 2, 8),
    qtyDecimals: clampTo(Math.floor(Math.log10(base.price)) + 1, 0, 5),
  };
}

export interface MarketPair {
  symbol: string;
  baseAsset: string;
  quoteAsset: string;
}

const pair = (baseAsset: string, quoteAsset: string): MarketPair => ({
  symbol: `${baseAsset}${quoteAsset}`,
  baseAsset,
  quoteAsset,
});
const quotedIn = (quote: string, bases: string[]) => bases.map((base) => pair(base, quote));

/** The 40 coins of the home list, as USDT pairs. */
export const HOME_SYMBOLS: readonly string[] = COINS.map((c) => `${c.asset}USDT`);
/** The 15 main symbols (lever coin list, tiles). */
export const MAIN_SYMBOLS: readonly string[] = HOME_SYMBOLS.slice(0, 15);
/** Home keeps 20 coins live over the stream (docs/product.md section 7). */
export const HOME_STREAM_SYMBOLS: readonly string[] = HOME_SYMBOLS.slice(0, 20);

/** Every pair we quote: the home coins in USDT, then the other quote tabs. */
export const TRACKED_PAIRS: readonly MarketPair[] = [
  ...COINS.map((c) => pair(c.asset, 'USDT')),
  ...quotedIn('USDT', ['USDC', 'FDUSD']),
  ...quotedIn('BTC', ['ETH', 'BNB', 'SOL', 'XRP', 'DOGE', 'ADA', 'LINK', 'DOT', 'LTC', 'AVAX']),
  ...quotedIn('FDUSD', ['BTC', 'ETH', 'BNB', 'SOL', 'XRP', 'DOGE']),
  ...quotedIn('BNB', ['SOL', 'XRP', 'ADA', 'DOT', 'LTC', 'AVAX']),
  ...quotedIn('TRY', ['USDT', 'BTC', 'ETH', 'BNB', 'SOL', 'XRP', 'DOGE']),
  ...quotedIn('USDC', ['BTC', 'ETH', 'BNB', 'SOL', 'XRP', 'DOGE']),
];

export const TRACKED_SYMBOLS: readonly string[] = TRACKED_PAIRS.map((p) => p.symbol);

const assetByName = new Map(MARKET_ASSETS.map((a) => [a.asset, a]));
export const marketAsset = (asset: string): MarketAsset | undefined => assetByName.get(asset.toUpperCase());

/** 'Bitcoin' for 'BTC' or 'BTCUSDT'; the asset itself when unknown. */
export function coinName(assetOrSymbol: string): string {
  const upper = assetOrSymbol.toUpperCase();
  const base = splitSymbol(upper)?.baseAsset ?? upper;
  return assetByName.get(base)?.name ?? base;
}

// Longest first, so USDTTRY splits as USDT/TRY and FDUSDUSDT as FDUSD/USDT.
const QUOTES_BY_LENGTH = [...QUOTE_ASSETS].sort((a, b) => b.length - a.length);

/** Base and quote of a symbol quoted in one of our quote assets ('ETHBTC' -> ETH / BTC). */
export function splitSymbol(symbol: string): { baseAsset: string; quoteAsset: string } | null {
  const upper = symbol.toUpperCase();
  const quote = QUOTES_BY_LENGTH.find((q) => upper.length > q.length && upper.endsWith(q));
  return quote ? { baseAsset: upper.slice(0, -quote.length), quoteAsset: quote } : null;
}

/** The exchange's stream name for a symbol's 24-hour ticker ('btcusdt@ticker'). */
export const tickerStream = (symbol: string) => `${symbol.toLowerCase()}@ticker`;

/** The exchange's stream name for a symbol's top `levels` of the book ('btcusdt@depth5'), as GET /api/v3/depth?limit=. */
export const depthStream = (symbol: string, levels: 5 | 10 | 20) => `${symbol.toLowerCase()}@depth${levels}`;

/**
 * The exchange's stream name for a symbol's candles at one interval ('btcusdt@kline_1m'), as GET
 * /api/v3/klines?interval= serves them.
 */
export const klineStream = (symbol: string, interval: KlineInterval) => `${symbol.toLowerCase()}@kline_${interval}`;

/** Kline intervals the exchange accepts, with their length in ms (1M: calendar month, length approximate). */
export const KLINE_INTERVALS = {
  '1s': 1_000,
  '1m': 60_000,
  '3m': 180_000,
  '5m': 300_000,
  '15m': 900_000,
  '30m': 1_800_000,
  '1h': 3_600_000,
  '2h': 7_200_000,
  '4h': 14_400_000,
  '6h': 21_600_000,
  '8h': 28_800_000,
  '12h': 43_200_000,
  '1d': 86_400_000,
  '3d': 259_200_000,
  '1w': 604_800_000,
  '1M': 2_592_000_000,
} as const;
export type KlineInterval = keyof typeof KLINE_INTERVALS;
export const isKlineInterval = (value: string): value is KlineInterval => Object.hasOwn(KLINE_INTERVALS, value);

/**
 * The spot-tradable pairs (here, beside the market's pairs, so the web's first paint reads them without
 * the spot schemas and zod): every home coin against USDT, the 15 main symbols first (docs/decisions/0026:
 * the Markets list opens the others on the Exchange screen; the lever coins open the Lever screen).
 */
export const SPOT_SYMBOLS: readonly string[] = [
  ...MAIN_SYMBOLS,
  ...HOME_SYMBOLS.filter((s) => !MAIN_SYMBOLS.includes(s)),
];

export interface SpotPair {
  /** 'BTCUSDT' */
  symbol: string;
  /** 'BTC' */
  coin: string;
  /** Decimals a limit price may have (the pair's tick, as /api/v3/exchangeInfo's PRICE_FILTER). */
  priceDecimals: number;
  /** Decimals a quantity may have (the pair's LOT_SIZE step). */
  qtyDecimals: number;
}

const SPOT_PAIRS = new Map<string, SpotPair>(
  SPOT_SYMBOLS.map((symbol) => {
    const coin = splitSymbol(symbol)!.baseAsset;
    return [symbol, { symbol, coin, ...pairDecimals(marketAsset(coin)!, marketAsset(QUOTE_CURRENCY)!) }];
  }),
);

/** 'BTCUSDT', 'btc/usdt', 'BTC-USDT' and 'BTC' name the same pair. */
export function normalSpotSymbol(value: string): string {
  const upper = value.trim().toUpperCase().replace(/[/_-]/g, '');
  return upper.endsWith(QUOTE_CURRENCY) && upper.length > QUOTE_CURRENCY.length ? upper : `${upper}${QUOTE_CURRENCY}`;
}

/** The spot pair of a symbol or coin ('BTCUSDT', 'BTC'), or undefined when it is not spot-tradable. */
export const spotPairOf = (symbolOrCoin: string): SpotPair | undefined =>
  SPOT_PAIRS.get(normalSpotSymbol(symbolOrCoin));
