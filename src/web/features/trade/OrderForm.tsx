/**
 * The Lever order form (docs/product.md 2): buy/sell, market or limit price, leverage, the current price,
 * hands, the lever balance, and the buy (long) or sell (short) button. The margin, the opening fee,
 * what the order takes (margin + fee) and the estimated liquidation price (at the maintenance margin)
 * show before the trader presses it, with the server's rates (docs/decisions/0018-house-books.md); when the order cannot go
 * yet the button is disabled and says why. A refused order shows the server's message (and is logged).
 */
import { useState } from 'react';
import type { TradeCreationInput } from '../../../shared/api/trade';
import { Link } from 'react-router';
import { TRADE_MSG, type TradeSide } from '../../../shared/api/trade';
import { IN_HOUSE_COIN, QUOTE_CURRENCY, type Leverage, type OrderType } from '../../../shared/constants';
import { formatAmount } from '../../../shared/format';
import { tradeMargin } from '../../../shared/money';
import { MSG } from '../../../shared/messages';
import { cx } from '../../components/cx';
import { Notice } from '../../components/Notice';
import { errorMessage } from '../../lib/api';
import { useI18n, type TextKey } from '../../lib/i18n';
import { PATHS } from '../../lib/paths';
import { useOpenTrade } from './api/open-trade';
import { useTradeRules } from './api/trade-rules';
import { formatTradePrice, formatUsdtHeld, formatUsdtNeeded } from './display';
import { TransferIcon } from './icons';
import { HighLeverageConfirm, useHighLeverageCheck, type HighLeverageOrder } from './HighLeverageConfirm';
import { useLeverMessages } from './lever-messages';
import { LeverageSlider } from './LeverageSlider';
import { useRememberedLeverage } from './leverage-memory';
import {
  DEFAULT_ORDER,
  HIGH_LEVERAGE,
  handsForShare,
  leverageChoices,
  leverageFor,
  leverageLabel,
  needsLeverageConfirm,
  previewOrder,
  sizeShareOf,
  type SizeUnit,
} from './order-form';
import { SizeSlider } from './SizeSlider';
import { Segmented, type SegmentOption } from './Segmented';
import { TradeField } from './TradeField';

/** The segments' texts are catalog keys (src/web/locales/<code>/trade.json), translated when drawn. */
const SIDES: readonly (SegmentOption<TradeSide> & { label: TextKey })[] = [
  { value: 'buy', label: 'trade.common.buy', activeClassName: 'bg-up text-white' },
  { value: 'sell', label: 'trade.common.sell', activeClassName: 'bg-down text-white' },
];
const ORDER_TYPES: readonly (SegmentOption<OrderType> & { label: TextKey })[] = [
  { value: 'market', label: 'trade.lever.marketPrice' },
  { value: 'limit', label: 'trade.common.limitPrice' },
];
const leverageSegments = (choices: readonly Leverage[]): SegmentOption<Leverage>[] =>
  choices.map((value) => ({ value, label: leverageLabel(value) }));
/** What the size is typed in (docs/decisions/0061-trade-form.md): the coin's hands, or the margin in USDT. */
const sizeSegments = (coin: string): SegmentOption<SizeUnit>[] => [
  { value: 'coin', label: coin },
  { value: 'usdt', label: QUOTE_CURRENCY },
];

const SIDE_BUTTON: Record<TradeSide, TextKey> = { buy: 'trade.lever.buyLong', sell: 'trade.lever.sellShort' };

/** One line of the order preview: '--' until it can be worked out. */
function PreviewLine({ label, value, strong }: { label: string; value: string | null; strong?: boolean }) {
  return (
    <div className={cx('flex justify-between gap-2', strong && 'border-t border-line pt-1')}>
      <dt className={strong ? 'font-medium' : 'text-muted'}>{label}</dt>
      <dd className={cx('tabular-nums', strong ? 'font-semibold' : 'font-medium')}>{value ?? '--'}</dd>
    </div>
  );
}

/** A price tapped in the order book: a new object per tap, so the same price tapped again applies again. */
export interface PickedPrice {
  price: string;
}

export interface OrderFormProps {
  coin: string;
  /** The book's last tapped price: it becomes the limit price (and the order a limit order). */
  pickedPrice?: PickedPrice | null;
  price: string | undefined;
  balance: string | undefined;
  balanceFailed: boolean;
}

export function OrderForm({ coin, price, balance, balanceFailed, pickedPrice = null }: OrderFormProps) {
  const { t, message, number, fieldNumber } = useI18n();
  /** A USDT amount the order takes, rounded up (never show less than is needed). */
  const usdt = (value: string) => `${number(formatUsdtNeeded(value))} ${QUOTE_CURRENCY}`;
  const [side, setSide] = useState<TradeSide>(DEFAULT_ORDER.side);
  const [orderType, setOrderType] = useState<OrderType>(DEFAULT_ORDER.orderType);
  const [remembered, setLeverage] = useRememberedLeverage(coin);
  const chosenLeverage = remembered ?? DEFAULT_ORDER.leverage;
  const [sizeUnit, setSizeUnit] = useState<SizeUnit>('coin');
  /** The size as typed: hands of the coin, or the margin in USDT (sizeUnit). */
  const [hands, setHands] = useState('');
  const [limitPrice, setLimitPrice] = useState('');
  const [takeProfit, setTakeProfit] = useState('');
  const [stopLoss, setStopLoss] = useState('');
  const placing = useOpenTrade();
  const messages = useLeverMessages();
  const highLeverage = useHighLeverageCheck();
  const [confirmedThisVisit, setConfirmedThisVisit] = useState(false);
  const [confirming, setConfirming] = useState<HighLeverageOrder | null>(null);
  const rules = useTradeRules();
  const choices = leverageChoices(rules.data, coin);
  const leverage = leverageFor(choices, chosenLeverage);
  // Another coin: a price or size typed for the last one means nothing now.
  const [formCoin, setFormCoin] = useState(coin);
  if (formCoin !== coin) {
    setFormCoin(coin);
    setHands('');
    setLimitPrice('');
    setTakeProfit('');
    setStopLoss('');
  }
  // A tapped book price is a limit price: on a market order the form switches to limit (decision 0031).
  const [seenPick, setSeenPick] = useState(pickedPrice);
  if (pickedPrice !== seenPick) {
    setSeenPick(pickedPrice);
    if (pickedPrice) {
      setOrderType('limit');
      setLimitPrice(pickedPrice.price);
      placing.reset();
      messages.clear();
    }
  }

  const preview = previewOrder({
    coin,
    side,
    orderType,
    leverage,
    hands,
    sizeUnit,
    limitPrice,
    takeProfit,
    stopLoss,
    currentPrice: price,
    balance,
    rules: rules.data,
  });
  const { block } = preview;
  // A typed value is judged once there is one; an empty form is not an error.
  const fieldError = (field: 'hands' | 'limitPrice' | 'takeProfit' | 'stopLoss') => block?.field === field;
  // Editing the order is the trader's next action: the last result goes.
  const edit = (apply: () => void) => {
    apply();
    if (!placing.isPending) {
      placing.reset();
      messages.clear();
    }
  };
  const budget = { balance, leverage, rules: rules.data };
  /** A size in coin as the size field shows it: itself, or its margin in USDT. */
  const asTyped = (coinHands: string, unit: SizeUnit = sizeUnit) =>
    unit === 'coin' || !preview.entryPrice ? coinHands : tradeMargin(coinHands, preview.entryPrice, leverage);
  const chooseShare = (percent: number) =>
    edit(() => {
      const share = percent === 0 ? null : handsForShare(budget, preview.entryPrice, percent);
      setHands(share && share !== '0' ? asTyped(share) : '');
    });
  // The other unit keeps the order: the size converts at the preview's price (empty when there is none yet).
  const switchUnit = (unit: SizeUnit) =>
    edit(() => {
      setSizeUnit(unit);
      setHands(preview.hands ? asTyped(preview.hands, unit) : '');
    });
  // A placed order leaves an empty form behind: size, take-profit and stop-loss (the slider follows the size).
  const resetAfterOrder = () => {
    setHands('');
    setTakeProfit('');
    setStopLoss('');
  };

  const place = (payload: TradeCreationInput) => {
    messages.clear();
    placing.mutate(payload, {
      onSuccess: (answer) => {
        resetAfterOrder();
        messages.show({ tone: 'success', text: message(answer.message) });
      },
      onError: (error) => messages.show({ tone: 'error', text: errorMessage(error, t('trade.common.placeFailed')) }),
    });
  };
  const submit = () => {
    if (!preview.payload) return;
    if (needsLeverageConfirm(leverage, highLeverage.enabled, confirmedThisVisit)) {
      messages.clear();
      setConfirming({
        payload: preview.payload,
        side,
        coin,
        hands: preview.hands ?? hands,
        leverage,
        limitPrice: orderType === 'limit' ? preview.entryPrice : null,
        cost: preview.cost,
        liquidationPrice: preview.liquidationPrice,
      });
      return;
    }
    place(preview.payload);
  };
  const confirm = (dontAskAgain: boolean) => {
    if (!confirming) return;
    setConfirmedThisVisit(true);
    if (dontAskAgain) highLeverage.set(false);
    setConfirming(null);
    place(confirming.payload);
  };

  return (
    <form
      aria-label={t('trade.lever.orderForm')}
      className="flex min-w-0 flex-col gap-2.5"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
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
        options={ORDER_TYPES.map((option) => ({ ...option, label: t(option.label) }))}
        value={orderType}
        size="sm"
        onChange={(v) => edit(() => setOrderType(v))}
      />
      <Segmented
        label={t('trade.lever.leverage')}
        options={leverageSegments(choices)}
        value={leverage}
        size="sm"
        onChange={(v) => edit(() => setLeverage(v))}
      />
      <LeverageSlider choices={choices} value={leverage} onChange={(v) => edit(() => setLeverage(v))} />
      {choices.length === 1 && (
        <p className="-mt-1 text-[11px] leading-4 text-muted">
          {coin === IN_HOUSE_COIN
            ? message(TRADE_MSG.inHouseLeverage)
            : t('trade.lever.onlyLeverage', { coin, leverage: leverageLabel(leverage) })}
        </p>
      )}
      {!highLeverage.enabled && leverage >= HIGH_LEVERAGE && (
        <p className="-my-2 flex items-center justify-between gap-1 text-[11px] leading-4 text-muted">
          {t('trade.lever.checkOff', { leverage: HIGH_LEVERAGE })}
          <button
            type="button"
            onClick={() => highLeverage.set(true)}
            className="flex h-touch shrink-0 items-center rounded-lg px-1 font-semibold text-primary hover:bg-primary/10"
          >
            {t('trade.lever.askAgain')}
          </button>
        </p>
      )}

      <TradeField
        label={t('trade.lever.currentPrice')}
        unit={QUOTE_CURRENCY}
        readOnly
        value={fieldNumber(formatTradePrice(price))}
      />
      {orderType === 'limit' && (
        <TradeField
          label={t('trade.common.limitPrice')}
          unit={QUOTE_CURRENCY}
          placeholder={price ? number(formatTradePrice(price)) : t('trade.common.price')}
          value={limitPrice}
          error={fieldError('limitPrice')}
          onChange={(event) => edit(() => setLimitPrice(event.target.value))}
        />
      )}
      <Segmented
        label={t('tradeform.sizeIn')}
        options={sizeSegments(coin)}
        value={sizeUnit}
        size="sm"
        onChange={switchUnit}
      />
      <TradeField
        label={sizeUnit === 'coin' ? t('trade.lever.hands') : t('tradeform.marginField')}
        unit={sizeUnit === 'coin' ? coin : QUOTE_CURRENCY}
        placeholder="0"
        value={hands}
        error={fieldError('hands')}
        onChange={(event) => edit(() => setHands(event.target.value))}
        data-testid="order-size"
        hint={
          sizeUnit === 'usdt'
            ? preview.hands && preview.entryPrice
              ? t('tradeform.usdtHint', {
                  hands: number(formatAmount(preview.hands)),
                  coin,
                  price: number(formatTradePrice(preview.entryPrice)),
                })
              : t('tradeform.usdtHintWaiting', { coin })
            : preview.maxHands
              ? t('trade.lever.handHintMax', { coin, max: number(formatAmount(preview.maxHands, 4)) })
              : t('trade.lever.handHint', { coin })
        }
      />
      <SizeSlider
        share={preview.hands ? sizeShareOf(budget, preview.entryPrice, preview.hands) : 0}
        disabled={!preview.maxHands || preview.maxHands === '0'}
        onChoose={chooseShare}
      />
      {/* Optional: the server closes the position when its mark reaches them (docs/decisions/0025). */}
      <TradeField
        label={t('trade.lever.takeProfitOptional')}
        unit={QUOTE_CURRENCY}
        placeholder={t('trade.common.none')}
        value={takeProfit}
        error={fieldError('takeProfit')}
        onChange={(event) => edit(() => setTakeProfit(event.target.value))}
      />
      <TradeField
        label={t('trade.lever.stopLossOptional')}
        unit={QUOTE_CURRENCY}
        placeholder={t('trade.common.none')}
        value={stopLoss}
        error={fieldError('stopLoss')}
        onChange={(event) => edit(() => setStopLoss(event.target.value))}
      />

      <div className="flex flex-wrap items-center justify-between gap-x-2 text-xs">
        <span className="text-muted">{t('trade.common.available')}</span>
        <span className="flex items-center gap-0.5 font-medium tabular-nums">
          <span data-testid="lever-balance">
            {balanceFailed
              ? message(MSG.fetchBalanceFailed)
              : `${balance === undefined ? '--' : number(formatUsdtHeld(balance))} ${QUOTE_CURRENCY}`}
          </span>
          <Link
            to={PATHS.transfer(QUOTE_CURRENCY)}
            aria-label={t('trade.lever.transferLabel')}
            className="-my-3 -mr-2 flex h-touch w-8 shrink-0 items-center justify-center rounded-lg text-primary hover:bg-primary/10"
          >
            <TransferIcon size={16} />
          </Link>
        </span>
      </div>

      <dl
        className="flex flex-col gap-1 rounded-xl bg-surface-2/60 px-3 py-2 text-xs"
        aria-label={t('trade.common.orderPreview')}
      >
        <PreviewLine
          label={t('tradeform.size')}
          value={preview.hands && `${number(formatAmount(preview.hands))} ${coin}`}
        />
        <PreviewLine label={t('trade.common.margin')} value={preview.margin && usdt(preview.margin)} />
        <PreviewLine label={t('trade.lever.openingFee')} value={preview.openFee && usdt(preview.openFee)} />
        <PreviewLine label={t('trade.common.total')} value={preview.cost && usdt(preview.cost)} strong />
        <PreviewLine
          label={t('trade.lever.estLiquidation')}
          value={preview.liquidationPrice && number(formatTradePrice(preview.liquidationPrice))}
        />
      </dl>
      {rules.isError && <Notice tone="error">{t('trade.lever.rulesFailed')}</Notice>}

      <button
        type="submit"
        disabled={!preview.payload || placing.isPending}
        aria-busy={placing.isPending || undefined}
        aria-describedby={block ? 'order-block-reason' : undefined}
        className={cx(
          'inline-flex h-12 items-center justify-center gap-2 rounded-xl px-3 text-[15px] font-semibold text-white transition-opacity disabled:cursor-not-allowed disabled:opacity-45',
          side === 'buy' ? 'bg-up' : 'bg-down',
        )}
      >
        {placing.isPending && (
          <span
            className="h-4 w-4 animate-spin rounded-full border-2 border-current border-t-transparent"
            aria-hidden="true"
          />
        )}
        {t(SIDE_BUTTON[side])}
      </button>

      {block && (hands !== '' || block.transfer) && (
        <p
          id="order-block-reason"
          className={cx('text-xs leading-4', block.transfer || block.field ? 'text-down' : 'text-muted')}
        >
          {message(block.reason)}{' '}
          {block.transfer && (
            <Link
              to={PATHS.transfer(QUOTE_CURRENCY)}
              className="font-semibold text-primary underline-offset-2 hover:underline"
            >
              {t('trade.lever.transferLink')}
            </Link>
          )}
        </p>
      )}
      {block && hands === '' && !block.transfer && (
        <p id="order-block-reason" className="sr-only">
          {message(block.reason)}
        </p>
      )}
      <HighLeverageConfirm order={confirming} onConfirm={confirm} onCancel={() => setConfirming(null)} />
    </form>
  );
}
