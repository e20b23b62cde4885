/**
 * /convert (docs/decisions/0053-convert.md): from and to coins of the funding wallet with a swap
 * button, the amount with Max, the quote (price, what arrives, the fee) with a 10 s countdown that
 * asks for a fresh quote when it runs out, and Confirm, which executes exactly the quote shown.
 */
import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { CONVERT_COINS, CONVERT_MSG, convertAmountInput, type ConvertQuote } from '../../../shared/api/convert';
import { formatAmount } from '../../../shared/format';
import { dec } from '../../../shared/money';
import { Button } from '../../components/Button';
import { ExchangeIcon } from '../../components/icons';
import { Notice } from '../../components/Notice';
import { PageHeader } from '../../components/PageHeader';
import { Screen } from '../../components/Screen';
import { TextField } from '../../components/TextField';
import { errorMessage } from '../../lib/api';
import { useI18n } from '../../lib/i18n';
import { PATHS } from '../../lib/paths';
import { useBalance } from '../../lib/wallet-lists';
import { requestQuote, useConvert, type QuoteRequest } from './api/convert';
import { AvailableBalance } from './AvailableBalance';
import { typedAmount } from './display';

/** Typing settles this long before a quote is asked for. */
const QUOTE_DELAY_MS = 400;
/** A quote is refreshed this long before the server would refuse it (network time). */
const QUOTE_MARGIN_MS = 1000;

const requestOf = (key: string): QuoteRequest => {
  const [from, to, amount] = key.split('|') as [string, string, string];
  return { from, to, amount };
};

interface Shown {
  quote: ConvertQuote;
  /** When, on this device's clock, the countdown ends. */
  deadline: number;
}

function CoinSelect({ label, value, onChange }: { label: string; value: string; onChange: (coin: string) => void }) {
  const id = `convert-${label}`;
  return (
    <label htmlFor={id} className="flex min-w-0 flex-1 flex-col gap-1">
      <span className="text-xs font-medium text-muted">{label}</span>
      <select
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        className="h-12 rounded-xl border border-field-line bg-field px-3 text-[15px] font-semibold text-ink focus:border-primary focus:outline-none focus:ring-2 focus:ring-primary/25"
      >
        {CONVERT_COINS.map((coin) => (
          <option key={coin} value={coin}>
            {coin}
          </option>
        ))}
      </select>
    </label>
  );
}

function QuoteRow({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <div className="flex items-baseline justify-between gap-3">
      <dt className="text-sm text-muted">{label}</dt>
      <dd className={strong ? 'text-right text-[17px] font-bold' : 'text-right text-sm font-medium'}>{value}</dd>
    </div>
  );
}

export function ConvertPage() {
  const { t, message, number } = useI18n();
  const [from, setFrom] = useState('USDT');
  const [to, setTo] = useState('BTC');
  const [amount, setAmount] = useState('');
  const [shown, setShown] = useState<Shown | null>(null);
  const [quoteError, setQuoteError] = useState<string | null>(null);
  const [quoting, setQuoting] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const [now, setNow] = useState(() => Date.now());
  const convert = useConvert();
  const { balance, failed } = useBalance('funding', from);
  // Only the newest request's answer is shown.
  const asked = useRef(0);

  const parsed = amount === '' ? null : convertAmountInput.safeParse(amount);
  const amountError = parsed && !parsed.success ? message(parsed.error.issues[0]!.message) : null;
  const key = parsed?.success && from !== to ? `${from}|${to}|${parsed.data}` : '';
  // A convert on its way: the countdown does not replace its quote.
  const converting = useRef(false);

  const fetchQuote = useCallback((body: QuoteRequest) => {
    const mine = ++asked.current;
    setQuoting(true);
    requestQuote(body).then(
      (quote) => {
        if (mine !== asked.current) return;
        setQuoting(false);
        setQuoteError(null);
        setShown({ quote, deadline: Date.now() + quote.valid_for * 1000 - QUOTE_MARGIN_MS });
      },
      (error: unknown) => {
        if (mine !== asked.current) return;
        setQuoting(false);
        setShown(null);
        setQuoteError(errorMessage(error, CONVERT_MSG.quoteFailed));
      },
    );
  }, []);

  // A new request (coins or amount changed) asks for a quote once typing settles.
  useEffect(() => {
    asked.current++; // an answer to an older request is not shown
    if (!key) return;
    const timer = setTimeout(() => fetchQuote(requestOf(key)), QUOTE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [key, fetchQuote]);

  // The countdown; at 0 a fresh quote replaces the old one (unless a convert is on its way).
  useEffect(() => {
    if (!shown || !key) return;
    const timer = setInterval(() => {
      const at = Date.now();
      setNow(at);
      if (at < shown.deadline || converting.current) return;
      clearInterval(timer);
      fetchQuote(requestOf(key));
    }, 250);
    return () => clearInterval(timer);
  }, [shown, key, fetchQuote]);
  const secondsLeft = shown ? Math.max(0, Math.ceil((shown.deadline - now) / 1000)) : 0;

  // Any change makes the shown quote and the last answer old news.
  const changed = () => {
    setShown(null);
    setQuoteError(null);
    setQuoting(false);
    setDone(null);
    if (!convert.isPending) convert.reset();
  };
  const pickFrom = (coin: string) => {
    if (coin === to) setTo(from);
    setFrom(coin);
    changed();
  };
  const pickTo = (coin: string) => {
    if (coin === from) setFrom(to);
    setTo(coin);
    changed();
  };
  const swap = () => {
    setFrom(to);
    setTo(from);
    changed();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!shown || secondsLeft === 0) return;
    const { quote } = shown;
    converting.current = true;
    convert.mutate(quote.quote_id, {
      onSettled: () => {
        converting.current = false;
      },
      onSuccess: (answer) => {
        setDone(
          t('convert.done', {
            amount: number(formatAmount(answer.convert.amount)),
            from: answer.convert.from,
            received: number(formatAmount(answer.convert.received)),
            to: answer.convert.to,
          }),
        );
        setAmount('');
        setShown(null);
      },
      // Expired or refused: the next quote is asked for at once.
      onError: () => key && fetchQuote(requestOf(key)),
    });
  };

  const quote = shown?.quote;
  const percent = quote ? dec(quote.spread_bps).div(100).toFixed() : '';

  return (
    <>
      <PageHeader title={t('convert.title')} fallback={PATHS.assets} />
      <Screen className="pt-2">
        <form noValidate onSubmit={submit} className="flex flex-col gap-4">
          <div className="flex items-end gap-2 rounded-2xl bg-surface p-4 shadow-card">
            <CoinSelect label={t('convert.from')} value={from} onChange={pickFrom} />
            <button
              type="button"
              onClick={swap}
              aria-label={t('convert.swap')}
              className="mb-0.5 flex h-11 w-11 shrink-0 items-center justify-center rounded-full bg-primary/10 text-primary hover:bg-primary/20"
            >
              <ExchangeIcon size={20} />
            </button>
            <CoinSelect label={t('convert.to')} value={to} onChange={pickTo} />
          </div>

          <TextField
            label={t('convert.amount')}
            name="amount"
            placeholder="0"
            inputMode="decimal"
            autoComplete="off"
            value={amount}
            onChange={(event) => {
              setAmount(typedAmount(event.target.value, amount));
              changed();
            }}
            error={amountError}
            trailing={
              <button
                type="button"
                onClick={() => {
                  if (balance !== undefined) setAmount(formatAmount(balance));
                  changed();
                }}
                disabled={balance === undefined}
                className="h-touch rounded-lg px-3 text-sm font-semibold text-primary hover:bg-primary/10 disabled:text-muted"
              >
                {t('convert.max')}
              </button>
            }
          />
          <AvailableBalance balance={balance} failed={failed} currency={from} />

          <section
            aria-label={t('convert.youReceive')}
            className="rounded-2xl bg-surface p-4 shadow-card"
            aria-live="polite"
          >
            {quote ? (
              <dl className="flex flex-col gap-2.5">
                <QuoteRow
                  label={t('convert.youReceive')}
                  value={`${number(formatAmount(quote.received))} ${quote.to}`}
                  strong
                />
                <QuoteRow
                  label={t('convert.price')}
                  value={t('convert.priceValue', { from: quote.from, price: number(quote.price), to: quote.to })}
                />
                <QuoteRow
                  label={t('convert.fee')}
                  value={t('convert.feeValue', {
                    fee: number(formatAmount(quote.fee)),
                    coin: quote.fee_currency,
                    percent: number(percent),
                  })}
                />
                <p className="pt-1 text-xs text-muted">{t('convert.refreshesIn', { seconds: secondsLeft })}</p>
              </dl>
            ) : (
              <p className="text-sm text-muted">
                {quoting || (key && !quoteError) ? t('convert.quoting') : t('convert.enterAmount')}
              </p>
            )}
          </section>

          {quoteError && <Notice tone="error">{quoteError}</Notice>}
          {convert.isError && <Notice tone="error">{errorMessage(convert.error, CONVERT_MSG.convertFailed)}</Notice>}
          {done && <Notice tone="success">{done}</Notice>}
          <Button type="submit" disabled={!quote || secondsLeft === 0} busy={convert.isPending}>
            {t('convert.confirm')}
          </Button>
        </form>
      </Screen>
    </>
  );
}
