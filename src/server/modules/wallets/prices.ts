/** The USDT price the server trusts for valuing a currency (docs/architecture.md section 4). */
import { QUOTE_CURRENCY } from '../../../shared/constants.js';
import { WALLET_MSG } from '../../../shared/api/wallet.js';
import { isUsablePrice } from '../../../shared/prices.js';
import { badRequest, unavailable } from '../../errors.js';
import type { MarketService } from '../market/index.js';
import { msg } from '../../../shared/message.js';

/** USDT is the unit of account (1); other coins use the mark price, refused when missing or stale. */
export async function usdtPriceOf(market: Pick<MarketService, 'markPrice'>, currency: string): Promise<string> {
  if (currency === QUOTE_CURRENCY) return '1';
  const mark = await market.markPrice(currency);
  if (!mark)
    throw badRequest(msg(WALLET_MSG, 'unsupportedCurrency', currency), {
      currency: msg(WALLET_MSG, 'unsupportedCurrency', currency),
    });
  const usable = !mark.stale && isUsablePrice(mark.price);
  if (!usable) throw unavailable(msg(WALLET_MSG, 'priceUnavailable', currency));
  return mark.price;
}
