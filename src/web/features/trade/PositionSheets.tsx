/**
 * The sheets of an open position's tools (issue 17, docs/decisions/0025-trade-protection.md): close
 * all or part of it (hands, or 25/50/75/100 %), set or clear its take-profit and stop-loss, and add
 * or remove margin with the liquidation price it would then have. Each input is judged as the
 * server judges it, with the server's texts; a refusal shows the server's message.
 */
import { useState, type FormEvent } from 'react';
import { TRADE_MSG, handsInput, priceInput, type TradeItem } from '../../../shared/api/trade';
import { QUOTE_CURRENCY } from '../../../shared/constants';
import { formatAmount } from '../../../shared/format';
import { AMOUNT_PATTERN, add, cmp, dec, liquidationPrice, sub } from '../../../shared/money';
import { Button } from '../../components/Button';
import { cx } from '../../components/cx';
import { Notice } from '../../components/Notice';
import { BottomSheet } from '../../components/Overlay';
import { TextField } from '../../components/TextField';
import { errorMessage } from '../../lib/api';
import { useCloseTrade } from './api/close-trade';
import { useLeverBalance } from './api/lever-wallet';
import { useChangeMargin, useSetTpsl } from './api/position-tools';
import { useTradeRules } from './api/trade-rules';
import { formatTradePrice, formatUsdtHeld, formatUsdtNeeded, pairLabel } from './display';
import { closeResultText, useLeverMessages } from './lever-messages';
import { Segmented, type SegmentOption } from './Segmented';

const CLOSE_FAILED = 'The trade could not be closed. Please try again.';
const TPSL_FAILED = 'The take-profit and stop-loss could not be saved. Please try again.';
const MARGIN_FAILED = 'The margin could not be changed. Please try again.';

export type PositionSheet = 'close' | 'tpsl' | 'margin';

interface SheetProps {
  trade: TradeItem;
  open: boolean;
  onClose: () => void;
}

const sideName = (trade: TradeItem) => `${pairLabel(trade.coin)} ${trade.trade_type === 'buy' ? 'long' : 'short'}`;

function Summary({ trade }: { trade: TradeItem }) {
  return (
    <p className="text-sm text-muted tabular-nums">
      {sideName(trade)} {trade.leverage}X · {formatAmount(trade.hands)} hands · Mark{' '}
      {formatTradePrice(trade.current_price)}
    </p>
  );
}

// ---- close all or part ----

const SHARES = [25, 50, 75, 100] as const;

/** `percent` of the position's hands, rounded down to 8 places (100 % is exactly all of them). */
const shareOf = (hands: string, percent: number) =>
  percent === 100 ? hands : dec(hands).times(percent).div(100).toDecimalPlaces(8).toFixed();

function closeProblem(trade: TradeItem, typed: string): string | null {
  const parsed = handsInput.safeParse(typed);
  if (!parsed.success) return TRADE_MSG.enterCloseHands;
  if (cmp(parsed.data, trade.hands) > 0) return TRADE_MSG.closeHandsTooMany(trade.hands);
  return null;
}

export function CloseSheet({ trade, open, onClose }: SheetProps) {
  const [hands, setHands] = useState(trade.hands);
  const [touched, setTouched] = useState(false);
  const messages = useLeverMessages();
  // What the close realized goes to the screen's message area (issue 23); a refusal stays in the sheet.
  const closing = useCloseTrade({
    onClosed: (answer) => messages.show({ tone: 'success', text: closeResultText(answer) }),
  });
  const problem = closeProblem(trade, hands);
  const all = problem === null && cmp(handsInput.parse(hands), trade.hands) === 0;

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
    <BottomSheet open={open} onClose={close} title="Close position">
      <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
        <Summary trade={trade} />
        <TextField
          label={`Hands to close (${trade.coin})`}
          inputMode="decimal"
          autoComplete="off"
          data-autofocus
          value={hands}
          error={touched || hands !== trade.hands ? problem : null}
          hint={all ? 'The whole position closes' : 'The rest stays open with its take-profit and stop-loss'}
          onChange={(e) => {
            setHands(e.target.value);
            closing.reset();
          }}
        />
        <div className="grid grid-cols-4 gap-2" role="group" aria-label="Share of the position">
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
        {closing.isError && <Notice tone="error">{errorMessage(closing.error, CLOSE_FAILED)}</Notice>}
        <div className="grid grid-cols-2 gap-3">
          <Button variant="secondary" onClick={close}>
            Cancel
          </Button>
          <Button type="submit" variant="danger" busy={closing.isPending}>
            {all ? 'Close all' : 'Close part'}
          </Button>
        </div>
      </form>
    </BottomSheet>
  );
}

// ---- take-profit and stop-loss ----

/** What the server would say about these triggers at this mark (docs/decisions/0025), or null. */
function triggerProblem(
  trade: TradeItem,
  field: 'take_profit' | 'stop_loss',
  typed: string,
): { value: string | null; problem: string | null } {
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
      return { value, problem: TRADE_MSG.takeProfitWrongSide(trade.trade_type, against, reference) };
    if (field === 'stop_loss' && (long ? side >= 0 : side <= 0))
      return { value, problem: TRADE_MSG.stopLossWrongSide(trade.trade_type, against, reference) };
  }
  const liquidation = trade.liquidation_price;
  if (field === 'stop_loss' && liquidation) {
    const past = cmp(value, liquidation);
    if (long ? past <= 0 : past >= 0)
      return { value, problem: TRADE_MSG.stopLossBeyondLiquidation(trade.trade_type, liquidation) };
  }
  return { value, problem: null };
}

export function TpslSheet({ trade, open, onClose }: SheetProps) {
  const [takeProfit, setTakeProfit] = useState(trade.take_profit ?? '');
  const [stopLoss, setStopLoss] = useState(trade.stop_loss ?? '');
  const [touched, setTouched] = useState(false);
  const saving = useSetTpsl();
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
    <BottomSheet open={open} onClose={close} title="Take-profit / stop-loss">
      <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
        <Summary trade={trade} />
        <TextField
          label={`Take-profit (${QUOTE_CURRENCY})`}
          inputMode="decimal"
          autoComplete="off"
          data-autofocus
          placeholder="None"
          value={takeProfit}
          error={touched || takeProfit !== (trade.take_profit ?? '') ? tp.problem : null}
          hint="Leave empty to remove it"
          onChange={(e) => {
            setTakeProfit(e.target.value);
            saving.reset();
          }}
        />
        <TextField
          label={`Stop-loss (${QUOTE_CURRENCY})`}
          inputMode="decimal"
          autoComplete="off"
          placeholder="None"
          value={stopLoss}
          error={touched || stopLoss !== (trade.stop_loss ?? '') ? sl.problem : null}
          hint={trade.liquidation_price ? `Liquidation price ${formatTradePrice(trade.liquidation_price)}` : undefined}
          onChange={(e) => {
            setStopLoss(e.target.value);
            saving.reset();
          }}
        />
        <p className="text-xs text-muted">
          The server closes the position at this price when its mark reaches it, even while this app is closed.
        </p>
        {saving.isError && <Notice tone="error">{errorMessage(saving.error, TPSL_FAILED)}</Notice>}
        <div className="grid grid-cols-2 gap-3">
          <Button variant="secondary" onClick={close}>
            Cancel
          </Button>
          <Button type="submit" busy={saving.isPending}>
            Save
          </Button>
        </div>
      </form>
    </BottomSheet>
  );
}

// ---- margin ----

type MarginDirection = 'add' | 'remove';
const DIRECTIONS: readonly SegmentOption<MarginDirection>[] = [
  { value: 'add', label: 'Add margin' },
  { value: 'remove', label: 'Remove margin' },
];

export function MarginSheet({ trade, open, onClose }: SheetProps) {
  const [direction, setDirection] = useState<MarginDirection>('add');
  const [amount, setAmount] = useState('');
  const [touched, setTouched] = useState(false);
  const changing = useChangeMargin();
  const rules = useTradeRules();
  const { balance } = useLeverBalance();

  const typed = amount.trim();
  const valid = AMOUNT_PATTERN.test(typed) && dec(typed).gt(0);
  let problem: string | null = valid ? null : TRADE_MSG.enterMarginAmount;
  if (valid && direction === 'add' && balance !== undefined && cmp(typed, balance) > 0)
    problem = TRADE_MSG.marginInsufficient(dec(typed).toFixed(), balance);
  const newMargin = valid ? (direction === 'add' ? add(trade.margin, typed) : sub(trade.margin, typed)) : null;
  if (valid && newMargin && newMargin.lte(0)) problem = TRADE_MSG.marginTooMuchRemoved(trade.margin);
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
    <BottomSheet open={open} onClose={close} title="Adjust margin">
      <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
        <Summary trade={trade} />
        <Segmented
          label="Add or remove"
          options={DIRECTIONS}
          value={direction}
          size="sm"
          onChange={(v) => {
            setDirection(v);
            changing.reset();
          }}
        />
        <TextField
          label={`Amount (${QUOTE_CURRENCY})`}
          inputMode="decimal"
          autoComplete="off"
          data-autofocus
          placeholder="0.00"
          value={amount}
          error={touched || typed !== '' ? problem : null}
          hint={
            direction === 'add'
              ? `From the lever wallet: ${balance === undefined ? '--' : formatUsdtHeld(balance)} ${QUOTE_CURRENCY} available`
              : 'Back to the lever wallet; the margin it opened with stays'
          }
          onChange={(e) => {
            setAmount(e.target.value);
            changing.reset();
          }}
        />
        <dl className="flex flex-col gap-1 rounded-xl bg-surface-2/60 px-3 py-2 text-xs" aria-label="Margin preview">
          <div className="flex justify-between gap-2">
            <dt className="text-muted">Margin</dt>
            <dd className="font-medium tabular-nums">
              {formatUsdtNeeded(trade.margin)}
              {newMargin && newMargin.gt(0) ? ` → ${formatUsdtNeeded(newMargin.toFixed())}` : ''} {QUOTE_CURRENCY}
            </dd>
          </div>
          <div className="flex justify-between gap-2">
            <dt className="text-muted">Liq. price</dt>
            <dd className="font-medium tabular-nums" data-testid="new-liquidation-price">
              {formatTradePrice(trade.liquidation_price)}
              {newLiquidation ? ` → ${formatTradePrice(newLiquidation)}` : ''}
            </dd>
          </div>
        </dl>
        {changing.isError && <Notice tone="error">{errorMessage(changing.error, MARGIN_FAILED)}</Notice>}
        <div className="grid grid-cols-2 gap-3">
          <Button variant="secondary" onClick={close}>
            Cancel
          </Button>
          <Button type="submit" busy={changing.isPending}>
            {direction === 'add' ? 'Add' : 'Remove'}
          </Button>
        </div>
      </form>
    </BottomSheet>
  );
}
