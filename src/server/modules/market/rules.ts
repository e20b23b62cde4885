/**
 * Trading rules of the tracked pairs (tick size, quantity step, typical volume) derived from the
 * shared coin list, and their exchangeInfo entries.
 */
import {
  marketAsset,
  pairDecimals,
  spotPairOf,
  TRACKED_PAIRS,
  type MarketAsset,
  type MarketPair,
} from '../../../shared/market.js';
import type { SymbolInfo } from '../../../shared/api/market.js';
import { MAX_OPEN_SPOT_ORDERS } from '../../../shared/constants.js';

export interface PairRules extends MarketPair {
  base: MarketAsset;
  quote: MarketAsset;
  /** Decimals of the price tick (2..8). */
  priceDecimals: number;
  /** Decimals of the quantity step (0..5). */
  qtyDecimals: number;
  /** Typical daily volume of this pair, in USDT. */
  dailyVolumeUsdt: number;
}

/** How much of a coin's USDT volume its pair in another quote sees. */
const QUOTE_SHARE: Record<string, number> = { USDT: 1, FDUSD: 0.15, USDC: 0.12, TRY: 0.05, BTC: 0.04, BNB: 0.01 };

function rulesOf(pair: MarketPair): PairRules {
  const base = marketAsset(pair.baseAsset);
  const quote = marketAsset(pair.quoteAsset);
  if (!base || !quote) throw new Error(`Pair ${pair.symbol} uses an asset missing from the market list`);
  return {
    ...pair,
    base,
    quote,
    ...pairDecimals(base, quote),
    dailyVolumeUsdt: base.dailyVolumeUsdt * (QUOTE_SHARE[pair.quoteAsset] ?? 0.01),
  };
}

export const PAIR_RULES: readonly PairRules[] = TRACKED_PAIRS.map(rulesOf);
const rulesBySymbol = new Map(PAIR_RULES.map((r) => [r.symbol, r]));
export const pairRules = (symbol: string): PairRules | undefined => rulesBySymbol.get(symbol);

/** "0.01000000" for 2 decimals: a step of one unit in the last place, as the exchange writes it. */
const stepString = (decimals: number): string =>
  decimals === 0 ? '1.00000000' : `0.${'0'.repeat(decimals - 1)}1`.padEnd(10, '0');

/** The exchangeInfo entry of a pair, with the filters clients read (price, lot size, notional). */
export function symbolInfoOf(rules: PairRules): SymbolInfo {
  const spotTradable = spotPairOf(rules.symbol)?.symbol === rules.symbol;
  return {
    symbol: rules.symbol,
    status: 'TRADING',
    baseAsset: rules.baseAsset,
    baseAssetPrecision: 8,
    quoteAsset: rules.quoteAsset,
    quotePrecision: 8,
    quoteAssetPrecision: 8,
    baseCommissionPrecision: 8,
    quoteCommissionPrecision: 8,
    // What POST /api/v3/order really takes (docs/architecture.md "Private API"), so a bot reading
    // exchangeInfo does not try an order type or a pair it would be refused.
    orderTypes: ['LIMIT', 'MARKET'],
    icebergAllowed: false,
    ocoAllowed: false,
    otoAllowed: false,
    quoteOrderQtyMarketAllowed: true,
    allowTrailingStop: false,
    cancelReplaceAllowed: false,
    isSpotTradingAllowed: spotTradable,
    isMarginTradingAllowed: false,
    filters: [
      {
        filterType: 'PRICE_FILTER',
        minPrice: stepString(rules.priceDecimals),
        maxPrice: '1000000000.00000000',
        tickSize: stepString(rules.priceDecimals),
      },
      {
        filterType: 'LOT_SIZE',
        minQty: stepString(rules.qtyDecimals),
        maxQty: '9000000000.00000000',
        stepSize: stepString(rules.qtyDecimals),
      },
      {
        filterType: 'NOTIONAL',
        minNotional: '5.00000000',
        applyMinToMarket: true,
        maxNotional: '9000000.00000000',
        applyMaxToMarket: false,
        avgPriceMins: 5,
      },
      // Resting orders one account may have on the pair: only where the private API takes orders.
      ...(spotTradable ? [{ filterType: 'MAX_NUM_ORDERS', maxNumOrders: MAX_OPEN_SPOT_ORDERS }] : []),
    ],
    permissions: [],
    permissionSets: [['SPOT']],
    defaultSelfTradePreventionMode: 'EXPIRE_MAKER',
    allowedSelfTradePreventionModes: ['EXPIRE_TAKER', 'EXPIRE_MAKER', 'EXPIRE_BOTH'],
  };
}
