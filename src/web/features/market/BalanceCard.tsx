/**
 * Home's balance card (docs/decisions/0062-money-screens.md): the total across the four wallets in USDT
 * and today's P/L, behind an eye toggle; it opens Assets. Prices as on Assets: the ticker stream over
 * one REST read (USDT is 1, USDO its provider's price). Today's P/L is what the coins held now gained or
 * lost since 00:00 UTC: each balance times (its price now minus the open of today's UTC daily candle).
 * Deposits, withdrawals and transfers are not profit, so they never move it; USDT and USDO add nothing.
 */
import { useQueries, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { IN_HOUSE_COIN, QUOTE_CURRENCY } from '../../../shared/constants';
import { formatChangePercent, formatPrice, formatProfitLoss } from '../../../shared/format';
import { add, dec, isZero, mul, sub } from '../../../shared/money';
import { isUsablePrice } from '../../../shared/prices';
import { cx } from '../../components/cx';
import { HideBalancesButton } from '../../components/HideBalancesButton';
import { useI18n } from '../../lib/i18n';
import { PATHS } from '../../lib/paths';
import { useWalletList } from '../../lib/wallet-lists';
import { defaultCurrencyQuery } from './api/default-currency.js';
import { klinesQuery } from './api/klines.js';
import { usdtPricesQuery } from './api/usdt-prices.js';
import { useTickerStream } from './stream.js';

const HIDDEN = '******';

/** Every wallet's holdings summed by currency (the same coin in two wallets counts once, added). */
function useHoldings(): { held: Map<string, string>; loaded: boolean } {
  const lists = [useWalletList('funding'), useWalletList('lever'), useWalletList('legal'), useWalletList('second')];
  const held = new Map<string, string>();
  for (const list of lists)
    for (const { currency, balance } of list.data ?? [])
      if (!isZero(balance)) held.set(currency, add(held.get(currency) ?? '0', balance).toFixed());
  return { held, loaded: lists.every((list) => list.data !== undefined) };
}

export function BalanceCard() {
  const { t, number } = useI18n();
  const [hidden, setHidden] = useState(false);
  const { held, loaded } = useHoldings();
  const coins = [...held.keys()].filter((c) => c !== QUOTE_CURRENCY && c !== IN_HOUSE_COIN).sort();
  const symbols = coins.map((c) => `${c}${QUOTE_CURRENCY}`);
  const rest = useQuery({ ...usdtPricesQuery(symbols), enabled: symbols.length > 0, refetchInterval: false });
  const live = useTickerStream(symbols);
  const usdo = useQuery({ ...defaultCurrencyQuery(), enabled: held.has(IN_HOUSE_COIN) });
  const opens = useQueries({
    queries: symbols.map((symbol) => ({ ...klinesQuery(symbol, '1d', 1), staleTime: 60_000 })),
  });

  const prices = new Map<string, string>([[QUOTE_CURRENCY, '1']]);
  for (const { symbol, price } of rest.data ?? []) if (isUsablePrice(price)) prices.set(symbol, price);
  for (const { symbol, lastPrice } of Object.values(live)) if (isUsablePrice(lastPrice)) prices.set(symbol, lastPrice);

  let total = dec(0);
  let profitLoss = dec(0);
  let complete = loaded;
  for (const [currency, balance] of held) {
    if (currency === QUOTE_CURRENCY) total = add(total, balance);
    else if (currency === IN_HOUSE_COIN) {
      if (isUsablePrice(usdo.data?.price)) total = add(total, mul(balance, usdo.data.price));
      else complete = false;
    } else {
      const symbol = `${currency}${QUOTE_CURRENCY}`;
      const price = prices.get(symbol);
      if (price === undefined) {
        complete = false;
        continue;
      }
      total = add(total, mul(balance, price));
      const open = opens[symbols.indexOf(symbol)]?.data?.[0]?.[1];
      if (isUsablePrice(open)) profitLoss = add(profitLoss, mul(balance, sub(price, open)));
    }
  }
  const start = sub(total, profitLoss);
  const percent = start.gt(0) ? profitLoss.div(start).times(100).toFixed(2) : '0';
  const shown = (text: string) => (hidden ? HIDDEN : complete ? text : '--');

  return (
    <section aria-labelledby="balance-card-title" className="rounded-2xl bg-primary p-4 text-white shadow-card">
      <div className="flex items-center justify-between">
        <h2 id="balance-card-title" className="text-[13px] font-medium text-white/85">
          {t('money.home.total')}
        </h2>
        <HideBalancesButton hidden={hidden} onToggle={() => setHidden((h) => !h)} />
      </div>
      <Link to={PATHS.assets} className="block rounded-lg hover:bg-white/5">
        <p className="text-[28px] font-bold tabular-nums" data-testid="home-total">
          {shown(`${number(formatPrice(total.toFixed()))} ${QUOTE_CURRENCY}`)}
        </p>
        <p className="mt-1 flex flex-wrap items-baseline gap-x-2 text-[13px] text-white/85">
          <span>{t('money.home.today')}</span>
          <span className={cx('font-semibold tabular-nums text-white')} data-testid="home-today">
            {shown(
              `${number(formatProfitLoss(profitLoss.toFixed()))} ${QUOTE_CURRENCY} (${number(formatChangePercent(percent))})`,
            )}
          </span>
        </p>
      </Link>
    </section>
  );
}
