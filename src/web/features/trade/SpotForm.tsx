/**
 * The spot order form of the Exchange screen (docs/decisions/0026-spot-orders.md): buy or sell the coin for USDT in the funding
 * wallet, at the market (the house's ask for a buy, its bid for a sell) or at a limit; the 25-100 %
 * buttons on the real balance (USDT for a buy, the coin for a sell); the value, the fee and the total
 * before the trader presses the button, which is disabled (and says why) until the order can go. A
 * refused order shows the server's message.
 */
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { SpotSide, SpotType } from '../../../shared/api/spot';
import type { SpotPair } from '../../../shared/market';
import { QUOTE_CURRENCY } from '../../../shared/constants';
import { formatAmount } from '../../../shared/format';
import { dec } from '../../../shared/money';
import { cx } from '../../components/cx';
import { Notice } from '../../components/Notice';
import { errorMessage } from '../../lib/api';
import { useI18n, type TextKey } from '../../lib/i18n';
import { orderBookQuery } from '../market';
import { useFundingBalance } from './api/funding-wallet';
import { usePlaceSpotOrder, useSpotRules } from './api/spot-orders';
import { formatTradePrice, formatUsdtHeld, formatUsdtNeeded } from './display';
import { Segmented, type SegmentOption } from './Segmented';
import { previewSpot, shareOfBalance } from './spot-form';
import { TradeField } from './TradeField';

/** The segments' texts are catalog keys (src/web/locales/<code>/trade.json), translated when drawn. */
const SIDES: readonly (SegmentOption<SpotSide> & { label: TextKey })[] = [
  { value: 'buy', label: 'trade.common.buy', activeClassName: 'bg-up text-white' },
  { value: 'sell', label: 'trade.common.sell', activeClassName: 'bg-down text-white' },
];
const TYPES: readonly (SegmentOption<SpotType> & { label: TextKey })[] = [
  { value: 'market', label: 'trade.common.market' },
  { value: 'limit', label: 'trade.common.limit' },
];
const SHARES = [25, 50, 75, 100] as const;

function PreviewLine({ label, value, strong }: { label: string; value: string | null; strong?: boolean }) {
  return (
    <div className={cx('flex justify-between gap-2', strong && 'border-t border-line pt-1')}>
      <dt className={strong ? 'font-medium' : 'text-muted'}>{label}</dt>
      <dd className={cx('truncate tabular-nums', strong ? 'font-semibold' : 'font-medium')}>{value ?? '--'}</dd>
    </div>
  );
}

export function SpotForm({ pair, lastPrice }: { pair: SpotPair; lastPrice: string | undefined }) {
  const { coin, symbol } = pair;
  const { t, message, number, fieldNumber } = useI18n();
  /**
   * A USDT amount of the preview with 2 decimals, as the Lever form shows them: what is paid rounded up
   * (never less than is needed), what is received rounded down (never more than arrives).
   */
  const usdt = (value: string | null, paid: boolean) =>
    value === null ? null : `${number(paid ? formatUsdtNeeded(value) : formatUsdtHeld(value))} ${QUOTE_CURRENCY}`;
  const [side, setSide] = useState<SpotSide>('buy');
  const [type, setType] = useState<SpotType>('market');
  const [price, setPrice] = useState('');
  const [quantity, setQuantity] = useState('');
  const usdtBalance = useFundingBalance(QUOTE_CURRENCY);
  const coinBalance = useFundingBalance(coin);
  const rules = useSpotRules();
  const placing = usePlaceSpotOrder();
  // The house trades a market order at the book's best ask (buy) or bid (sell): the preview uses the same.
  const book = useQuery(orderBookQuery(symbol)).data;
  const best = (side === 'buy' ? book?.asks[0]?.[0] : book?.bids[0]?.[0]) ?? lastPrice;
  // Another coin: what was typed for the last one means nothing now.
  const [formCoin, setFormCoin] = useState(coin);
  if (formCoin !== coin) {
    setFormCoin(coin);
    setQuantity('');
    setPrice('');
  }

  const draft = {
    pair,
    side,
    type,
    quantity,
    price,
    lastPrice: best,
    usdt: usdtBalance,
    coinBalance,
    rules: rules.data,
  };
  const preview = previewSpot(draft);
  const { block } = preview;
  const edit = (apply: () => void) => {
    apply();
    if (!placing.isPending) placing.reset();
  };
  const share = (percent: number) => {
    const sharePrice = type === 'limit' && price.trim() !== '' ? price.trim() : (best ?? null);
    const amount = shareOfBalance(percent, draft, sharePrice);
    if (amount !== null) edit(() => setQuantity(amount));
  };

  return (
    <form
      aria-label={t('trade.exchange.orderForm')}
      className="flex min-w-0 flex-col gap-2.5"
      onSubmit={(event) => {
        event.preventDefault();
        if (preview.payload)
          placing.mutate(preview.payload, {
            onSuccess: () => setQuantity(''),
          });
      }}
    >
      <Segmented
        label={t('trade.common.side')}
        options={SIDES.map((option) => ({ ...option, label: t(option.label) }))}
        value={side}
        onChange={(v) => edit(() => setSide(v))}
      />
      <Segmented
        label={t('trade.common.orderType')}
        options={TYPES.map((option) => ({ ...option, label: t(option.label) }))}
        value={type}
        size="sm"
        onChange={(v) => edit(() => setType(v))}
      />
      {type === 'limit' ? (
        <TradeField
          label={t('trade.common.limitPrice')}
          unit={QUOTE_CURRENCY}
          placeholder={number(formatTradePrice(lastPrice))}
          value={price}
          error={block?.field === 'price' && price !== ''}
          onChange={(event) => edit(() => setPrice(event.target.value))}
        />
      ) : (
        <TradeField
          label={t(side === 'buy' ? 'trade.exchange.marketAsk' : 'trade.exchange.marketBid')}
          unit={QUOTE_CURRENCY}
          readOnly
          value={fieldNumber(formatTradePrice(best))}
        />
      )}
      <TradeField
        label={t('trade.exchange.quantity')}
        unit={coin}
        placeholder="0"
        value={quantity}
        error={block?.field === 'quantity' && quantity !== ''}
        onChange={(event) => edit(() => setQuantity(event.target.value))}
      />
      <div role="group" aria-label={t('trade.exchange.shareOfBalance')} className="grid grid-cols-4 gap-1">
        {SHARES.map((percent) => (
          <button
            key={percent}
            type="button"
            onClick={() => share(percent)}
            className="h-touch rounded-lg border border-line text-xs font-semibold text-muted hover:border-primary hover:text-primary"
          >
            {percent}%
          </button>
        ))}
      </div>
      <div className="flex justify-between gap-2 text-xs tabular-nums">
        <span className="text-muted">{t('trade.common.available')}</span>
        <span className="font-medium" data-testid="spot-available">
          {side === 'buy'
            ? `${usdtBalance === undefined ? '--' : number(formatUsdtHeld(usdtBalance))} ${QUOTE_CURRENCY}`
            : `${coinBalance === undefined ? '--' : number(formatAmount(coinBalance))} ${coin}`}
        </span>
      </div>

      <dl
        className="flex flex-col gap-1 rounded-xl bg-surface-2/60 px-3 py-2 text-xs"
        aria-label={t('trade.common.orderPreview')}
      >
        <PreviewLine label={t('trade.exchange.value')} value={usdt(preview.value, side === 'buy')} />
        <PreviewLine
          label={
            rules.data
              ? t('trade.exchange.feeRate', { rate: number(dec(rules.data.fee_rate).times(100).toFixed()) })
              : t('trade.common.fee')
          }
          value={usdt(preview.fee, true)}
        />
        <PreviewLine
          label={t(side === 'buy' ? 'trade.common.total' : 'trade.exchange.youGet')}
          value={usdt(preview.total, side === 'buy')}
          strong
        />
      </dl>
      {rules.isError && <Notice tone="error">{t('trade.exchange.rulesFailed')}</Notice>}

      <button
        type="submit"
        disabled={!preview.payload || placing.isPending}
        aria-busy={placing.isPending || undefined}
        aria-describedby={block ? 'spot-block-reason' : undefined}
        className={cx(
          'inline-flex h-12 items-center justify-center gap-2 rounded-xl px-3 text-[15px] font-semibold text-white transition-opacity disabled:cursor-not-allowed disabled:opacity-45',
          side === 'buy' ? 'bg-up' : 'bg-down',
        )}
      >
        {t(side === 'buy' ? 'trade.exchange.buyCoin' : 'trade.exchange.sellCoin', { coin })}
      </button>
      {block && (
        <p
          id="spot-block-reason"
          className={cx('text-xs leading-4', quantity !== '' && block.field ? 'text-down' : 'sr-only')}
        >
          {message(block.reason)}
        </p>
      )}
      {placing.isError && <Notice tone="error">{errorMessage(placing.error, t('trade.common.placeFailed'))}</Notice>}
      {placing.isSuccess && <Notice tone="success">{message(placing.data.message)}</Notice>}
    </form>
  );
}
