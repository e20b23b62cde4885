/**
 * The sheets of an open position's tools (docs/decisions/0025-trade-protection.md): close
 * all or part of it (hands, or 25/50/75/100 %), set or clear its take-profit and stop-loss, and add
 * or remove margin with the liquidation price it would then have. Each input is judged as the
 * server judges it, with the server's texts; a refusal shows the server's message.
 */
import { useState, type FormEvent } from 'react';
import { TRADE_MESSAGES, TRADE_MSG, handsInput, priceInput, type TradeItem } from '../../../shared/api/trade';
import { msg, type Message } from '../../../shared/message';
import { QUOTE_CURRENCY } from '../../../shared/constants';
import { formatAmount, formatProfitLoss } from '../../../shared/format';
import { AMOUNT_PATTERN, add, cmp, dec, liquidationPrice, sub } from '../../../shared/money';
import { Button } from '../../components/Button';
import { cx } from '../../components/cx';
import { Notice } from '../../components/Notice';
import { BottomSheet } from '../../components/Overlay';
import { TextField } from '../../components/TextField';
import { errorMessage } from '../../lib/api';
import { useI18n, type TextKey } from '../../lib/i18n';
import { useCloseTrade } from './api/close-trade';
import { useLeverBalance } from './api/lever-wallet';
import { useChangeMargin, useSetTpsl } from './api/position-tools';
import { useTradeRules } from './api/trade-rules';
import { formatTradePrice, formatUsdtHeld, formatUsdtNeeded, pairLabel } from './display';
import { closeEstimate } from './close-estimate';
import { closeResultText, useLeverMessages } from './lever-messages';
import { Segmented, type SegmentOption } from './Segmented';

export type PositionSheet = 'close' | 'tpsl' | 'margin';

interface SheetProps {
  trade: TradeItem;
  open: boolean;
  onClose: () => void;
}

function Summary({ trade }: { trade: TradeItem }) {
  const { t, number } = useI18n();
  return (
    <p className="text-sm text-muted tabular-nums">
      {t(trade.trade_type === 'buy' ? 'trade.sheets.summaryLong' : 'trade.sheets.summaryShort', {
        pair: pairLabel(trade.coin),
        leverage: trade.leverage,
        hands: number(formatAmount(trade.hands)),
        price: number(formatTradePrice(trade.current_price)),
      })}
    </p>
  );
}

// ---- close all or part ----

const SHARES = [25, 50, 75, 100] as const;

/** `percent` of the position's hands, rounded down to 8 places (100 % is exactly all of them). */
const shareOf = (hands: string, percent: number) =>
  percent === 100 ? hands : dec(hands).times(percent).div(100).toDecimalPlaces(8).toFixed();

function closeProblem(trade: TradeItem, typed: string): string | Message | null {
  const parsed = handsInput.safeParse(typed);
  if (!parsed.success) return TRADE_MSG.enterCloseHands;
  if (cmp(parsed.data, trade.hands) > 0) return TRADE_MESSAGES.closeHandsTooMany(trade.hands);
  return null;
}

export function CloseSheet({ trade, open, onClose }: SheetProps) {
  const [hands, setHands] = useState(trade.hands);
  const [touched, setTouched] = useState(false);
  const messages = useLeverMessages();
  const speech = useI18n();
  const { t, message } = speech;
  // What the close realized goes to the screen's message area (docs/decisions/0031-lever-results.md); a refusal stays in the sheet.
  const closing = useCloseTrade({
    onClosed: (answer) => messages.show({ tone: 'success', text: closeResultText(answer, speech) }),
  });
  const problem = closeProblem(trade, hands);
  const all = problem === null && cmp(handsInput.parse(hands), trade.hands) === 0;
  const rules = useTradeRules();
  const estimate = problem === null ? closeEstimate(trade, handsInput.parse(hands), rules.data) : null;

  const close = () => {
    setHands(trade.hands);
    setTouched(false);
    closing.reset();
    onClose();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (problem) return;
    closing.mutate({ trade, hands: all ? undefined : handsInput.parse(hands) }, { onSuccess: close });
  };

  return (
    <BottomSheet open={open} onClose={close} title={t('trade.sheets.closePosition')}>
      <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
        <Summary trade={trade} />
        <TextField
          label={t('trade.sheets.handsToClose', { coin: trade.coin })}
          inputMode="decimal"
          autoComplete="off"
          data-autofocus
          value={hands}
          error={(touched || hands !== trade.hands) && problem ? message(problem) : null}
          hint={t(all ? 'trade.sheets.wholeCloses' : 'trade.sheets.restStays')}
          onChange={(e) => {
            setHands(e.target.value);
            closing.reset();
          }}
        />
        <div className="grid grid-cols-4 gap-2" role="group" aria-label={t('trade.sheets.shareOfPosition')}>
          {SHARES.map((percent) => (
            <button
              key={percent}
              type="button"
              onClick={() => {
                setHands(shareOf(trade.hands, percent));
                closing.reset();
              }}
              className={cx(
                'h-touch rounded-lg border text-[13px] font-semibold',
                hands === shareOf(trade.hands, percent)
                  ? 'border-primary bg-primary/10 text-primary'
                  : 'border-line text-ink hover:bg-surface-2',
              )}
            >
              {percent}%
            </button>
          ))}
        </div>
        <CloseEstimateLines trade={trade} estimate={estimate} />
        {closing.isError && <Notice tone="error">{errorMessage(closing.error, t('trade.sheets.closeFailed'))}</Notice>}
        <div className="grid grid-cols-2 gap-3">
          <Button variant="secondary" onClick={close}>
            {t('trade.common.cancel')}
          </Button>
          <Button type="submit" variant="danger" busy={closing.isPending}>
            {t(all ? 'trade.sheets.closeAll' : 'trade.sheets.closePart')}
          </Button>
        </div>
      </form>
    </BottomSheet>
  );
}

/** The estimated P/L and fee of the close at the position's mark (docs/decisions/0061-trade-form.md). */
function CloseEstimateLines({ trade, estimate }: { trade: TradeItem; estimate: ReturnType<typeof closeEstimate> }) {
  const { t, number } = useI18n();
  // A P/L signed, a fee rounded up (never less than is charged), a payout rounded down (never more than comes back).
  const usdt = (value: string | undefined, format: (value: string) => string) =>
    value === undefined ? '--' : `${number(format(value))} ${QUOTE_CURRENCY}`;
  const tone = (value: string | undefined) =>
    value === undefined ? undefined : cmp(value, 0) > 0 ? 'text-up' : cmp(value, 0) < 0 ? 'text-down' : undefined;
  const line = (label: string, value: string, testId: string, className?: string) => (
    <div className="flex justify-between gap-2">
      <dt className="text-muted">{label}</dt>
      <dd className={cx('font-medium tabular-nums', className)} data-testid={testId}>
        {value}
      </dd>
    </div>
  );
  return (
    <div className="flex flex-col gap-1">
      <dl
        className="flex flex-col gap-1 rounded-xl bg-surface-2/60 px-3 py-2 text-xs"
        aria-label={t('tradeform.close.estimate')}
      >
        {line(
          t('tradeform.close.profitLoss'),
          usdt(estimate?.profitLoss, formatProfitLoss),
          'close-est-pl',
          tone(estimate?.profitLoss),
        )}
        {line(t('tradeform.close.closingFee'), usdt(estimate?.closeFee, formatUsdtNeeded), 'close-est-fee')}
        {line(t('tradeform.close.net'), usdt(estimate?.net, formatProfitLoss), 'close-est-net', tone(estimate?.net))}
        {line(t('tradeform.close.payout'), usdt(estimate?.payout, formatUsdtHeld), 'close-est-payout')}
      </dl>
      <p className="text-[11px] leading-4 text-muted">
        {estimate?.liquidated
          ? t('tradeform.close.liquidation')
          : t('tradeform.close.note', { price: number(formatTradePrice(trade.current_price)) })}
      </p>
    </div>
  );
}

// ---- take-profit and stop-loss ----

/** What the server would say about these triggers at this mark (docs/decisions/0025), or null. */
function triggerProblem(
  trade: TradeItem,
  field: 'take_profit' | 'stop_loss',
  typed: string,
): { value: string | null; problem: string | Message | null } {
  if (typed.trim() === '') return { value: null, problem: null };
  const parsed = priceInput().safeParse(typed);
  if (!parsed.success)
    return { value: null, problem: field === 'take_profit' ? TRADE_MSG.enterTakeProfit : TRADE_MSG.enterStopLoss };
  const value = parsed.data;
  const pending = trade.status === 'pending';
  const reference = pending ? trade.starting_price : trade.current_price;
  const against = pending ? 'the limit price' : 'the current price';
  const long = trade.trade_type === 'buy';
  if (reference) {
    const side = cmp(value, reference);
    if (field === 'take_profit' && (long ? side <= 0 : side >= 0))
      return { value, problem: TRADE_MESSAGES.takeProfitWrongSide(trade.trade_type, against, reference) };
    if (field === 'stop_loss' && (long ? side >= 0 : side <= 0))
      return { value, problem: TRADE_MESSAGES.stopLossWrongSide(trade.trade_type, against, reference) };
  }
  const liquidation = trade.liquidation_price;
  if (field === 'stop_loss' && liquidation) {
    const past = cmp(value, liquidation);
    if (long ? past <= 0 : past >= 0)
      return { value, problem: TRADE_MESSAGES.stopLossBeyondLiquidation(trade.trade_type, liquidation) };
  }
  return { value, problem: null };
}

export function TpslSheet({ trade, open, onClose }: SheetProps) {
  const [takeProfit, setTakeProfit] = useState(trade.take_profit ?? '');
  const [stopLoss, setStopLoss] = useState(trade.stop_loss ?? '');
  const [touched, setTouched] = useState(false);
  const saving = useSetTpsl();
  const { t, message, number } = useI18n();
  const tp = triggerProblem(trade, 'take_profit', takeProfit);
  const sl = triggerProblem(trade, 'stop_loss', stopLoss);

  const close = () => {
    setTouched(false);
    saving.reset();
    onClose();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (tp.problem || sl.problem) return;
    // Only what changed: an unchanged trigger is not judged again at today's mark.
    const body: { trade_id: number; take_profit?: string | null; stop_loss?: string | null } = {
      trade_id: trade.trade_id,
    };
    if (tp.value !== trade.take_profit) body.take_profit = tp.value;
    if (sl.value !== trade.stop_loss) body.stop_loss = sl.value;
    if (body.take_profit === undefined && body.stop_loss === undefined) return close();
    saving.mutate(body, { onSuccess: close });
  };

  return (
    <BottomSheet open={open} onClose={close} title={t('trade.sheets.tpslTitle')}>
      <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
        <Summary trade={trade} />
        <TextField
          label={t('trade.sheets.takeProfit', { currency: QUOTE_CURRENCY })}
          inputMode="decimal"
          autoComplete="off"
          data-autofocus
          placeholder={t('trade.common.none')}
          value={takeProfit}
          error={(touched || takeProfit !== (trade.take_profit ?? '')) && tp.problem ? message(tp.problem) : null}
          hint={t('trade.sheets.leaveEmpty')}
          onChange={(e) => {
            setTakeProfit(e.target.value);
            saving.reset();
          }}
        />
        <TextField
          label={t('trade.sheets.stopLoss', { currency: QUOTE_CURRENCY })}
          inputMode="decimal"
          autoComplete="off"
          placeholder={t('trade.common.none')}
          value={stopLoss}
          error={(touched || stopLoss !== (trade.stop_loss ?? '')) && sl.problem ? message(sl.problem) : null}
          hint={
            trade.liquidation_price
              ? t('trade.sheets.liquidationPrice', { price: number(formatTradePrice(trade.liquidation_price)) })
              : undefined
          }
          onChange={(e) => {
            setStopLoss(e.target.value);
            saving.reset();
          }}
        />
        <p className="text-xs text-muted">{t('trade.sheets.serverCloses')}</p>
        {saving.isError && <Notice tone="error">{errorMessage(saving.error, t('trade.sheets.tpslFailed'))}</Notice>}
        <div className="grid grid-cols-2 gap-3">
          <Button variant="secondary" onClick={close}>
            {t('trade.common.cancel')}
          </Button>
          <Button type="submit" busy={saving.isPending}>
            {t('trade.sheets.save')}
          </Button>
        </div>
      </form>
    </BottomSheet>
  );
}

// ---- margin ----

type MarginDirection = 'add' | 'remove';
const DIRECTIONS: readonly (SegmentOption<MarginDirection> & { label: TextKey })[] = [
  { value: 'add', label: 'trade.sheets.addMargin' },
  { value: 'remove', label: 'trade.sheets.removeMargin' },
];

export function MarginSheet({ trade, open, onClose }: SheetProps) {
  const [direction, setDirection] = useState<MarginDirection>('add');
  const [amount, setAmount] = useState('');
  const [touched, setTouched] = useState(false);
  const changing = useChangeMargin();
  const rules = useTradeRules();
  const { balance } = useLeverBalance();
  const { t, message, number } = useI18n();

  const typed = amount.trim();
  const valid = AMOUNT_PATTERN.test(typed) && dec(typed).gt(0);
  let problem: string | Message | null = valid ? null : TRADE_MSG.enterMarginAmount;
  if (valid && direction === 'add' && balance !== undefined && cmp(typed, balance) > 0)
    problem = msg(TRADE_MSG, 'marginInsufficient', dec(typed).toFixed(), balance);
  const newMargin = valid ? (direction === 'add' ? add(trade.margin, typed) : sub(trade.margin, typed)) : null;
  if (valid && newMargin && newMargin.lte(0)) problem = msg(TRADE_MSG, 'marginTooMuchRemoved', trade.margin);
  const newLiquidation =
    newMargin && newMargin.gt(0) && rules.data
      ? liquidationPrice(
          trade.trade_type,
          trade.hands,
          trade.starting_price,
          newMargin.toFixed(),
          rules.data.maintenance_margin_rate,
        )
      : null;

  const close = () => {
    setAmount('');
    setTouched(false);
    changing.reset();
    onClose();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (problem) return;
    const signed = direction === 'add' ? dec(typed).toFixed() : dec(typed).negated().toFixed();
    changing.mutate({ trade_id: trade.trade_id, amount: signed }, { onSuccess: close });
  };

  return (
    <BottomSheet open={open} onClose={close} title={t('trade.sheets.adjustMargin')}>
      <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
        <Summary trade={trade} />
        <Segmented
          label={t('trade.sheets.addOrRemove')}
          options={DIRECTIONS.map((option) => ({ ...option, label: t(option.label) }))}
          value={direction}
          size="sm"
          onChange={(v) => {
            setDirection(v);
            changing.reset();
          }}
        />
        <TextField
          label={t('trade.sheets.amount', { currency: QUOTE_CURRENCY })}
          inputMode="decimal"
          autoComplete="off"
          data-autofocus
          placeholder="0.00"
          value={amount}
          error={(touched || typed !== '') && problem ? message(problem) : null}
          hint={
            direction === 'add'
              ? t('trade.sheets.fromWallet', {
                  balance: balance === undefined ? '--' : number(formatUsdtHeld(balance)),
                  currency: QUOTE_CURRENCY,
                })
              : t('trade.sheets.backToWallet')
          }
          onChange={(e) => {
            setAmount(e.target.value);
            changing.reset();
          }}
        />
        <dl
          className="flex flex-col gap-1 rounded-xl bg-surface-2/60 px-3 py-2 text-xs"
          aria-label={t('trade.sheets.marginPreview')}
        >
          <div className="flex justify-between gap-2">
            <dt className="text-muted">{t('trade.common.margin')}</dt>
            <dd className="font-medium tabular-nums">
              {number(formatUsdtNeeded(trade.margin))}
              {newMargin && newMargin.gt(0) ? ` → ${number(formatUsdtNeeded(newMargin.toFixed()))}` : ''}{' '}
              {QUOTE_CURRENCY}
            </dd>
          </div>
          <div className="flex justify-between gap-2">
            <dt className="text-muted">{t('trade.sheets.liquidation')}</dt>
            <dd className="font-medium tabular-nums" data-testid="new-liquidation-price">
              {number(formatTradePrice(trade.liquidation_price))}
              {newLiquidation ? ` → ${number(formatTradePrice(newLiquidation))}` : ''}
            </dd>
          </div>
        </dl>
        {changing.isError && (
          <Notice tone="error">{errorMessage(changing.error, t('trade.sheets.marginFailed'))}</Notice>
        )}
        <div className="grid grid-cols-2 gap-3">
          <Button variant="secondary" onClick={close}>
            {t('trade.common.cancel')}
          </Button>
          <Button type="submit" busy={changing.isPending}>
            {t(direction === 'add' ? 'trade.sheets.add' : 'trade.sheets.remove')}
          </Button>
        </div>
      </form>
    </BottomSheet>
  );
}
