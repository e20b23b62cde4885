/** A coin's price in USDT (docs/product.md section 7): {coin}USDT's last price; USDO from the default currency. */
import { IN_HOUSE_COIN, QUOTE_CURRENCY } from '../../../../shared/constants.js';
import { fetchDefaultCurrency } from './default-currency.js';
import { fetchTicker } from './ticker.js';

export async function fetchCoinPrice(coin: string): Promise<string> {
  const asset = coin.toUpperCase();
  if (asset === QUOTE_CURRENCY) return '1';
  if (asset === IN_HOUSE_COIN) return (await fetchDefaultCurrency()).price;
  return (await fetchTicker(`${asset}${QUOTE_CURRENCY}`)).lastPrice;
}
