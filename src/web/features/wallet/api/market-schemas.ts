/**
 * The two market answers the wallet screens read. They move to src/shared/api/market.ts with the
 * market capability; until then they live here, in the exchange's shapes (prices are strings).
 */
import { z } from 'zod';

/** GET /api/v3/ticker/price?symbol=X: {symbol, price}; ?symbols=[...]: a list of them. */
export const tickerPrice = z.object({ symbol: z.string(), price: z.string() });
export const tickerPriceList = z.array(tickerPrice);

/** GET /api-v1/default-currency/: the in-house coin (USDO) and its price in USDT. */
export const defaultCurrency = z.object({ currency: z.string(), price: z.string() });
