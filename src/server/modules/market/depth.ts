/**
 * How deep an order book we serve, from either source. docs/product.md section 9: "The order book
 * has 5 levels"; exchange clients of /api/v3/depth may ask up to 5000, and get at most BOOK_LEVELS.
 */

/** Levels served on each side; depth limits above this get this many. */
export const BOOK_LEVELS = 20;

/** The limits the exchange's /api/v3/depth accepts without rounding, smallest first. */
const EXCHANGE_DEPTH_LIMITS = [5, 10, 20, 50, 100, 500, 1000, 5000] as const;

/**
 * The one limit we ask the exchange for (MARKET_SOURCE=binance): its smallest valid limit covering
 * what we serve, whatever a client asked, so every client's request shares one upstream call per
 * symbol and a client's huge limit never reaches the exchange (weight 5 instead of up to 250).
 */
export const UPSTREAM_DEPTH_LIMIT: number = EXCHANGE_DEPTH_LIMITS.find((limit) => limit >= BOOK_LEVELS) ?? 5000;
