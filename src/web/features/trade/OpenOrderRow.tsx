/**
 * One open order (docs/product.md 2): the pair as coin/USDT, the hands, Close (Cancel for a pending limit
 * order), Type, Amount, Price and P/L in USDT with 2 decimals; below them the margin, the opening fee
 * and the liquidation price (issue 15). P/L carries its ROE % (issue 23); what a cancel did, or why it was
 * refused, goes to the screen's one message area (lever-messages.tsx). An open position's Close offers a partial close, and its
 * take-profit / stop-loss and margin have their own sheets (issue 17, docs/decisions/0025-trade-protection.md).
 * Memoised: the 1 s poll shares unchanged trades structurally, so only rows whose numbers moved render again.
 */
import { memo, useState } from 'react';
import type { TradeItem } from '../../../shared/api/trade';
import { QUOTE_CURRENCY } from '../../../shared/constants';
import { formatAmount, formatProfitLoss } from '../../../shared/format';
import { dec, mul } from '../../../shared/money';
import { cx } from '../../components/cx';
import { errorMessage } from '../../lib/api';
import { useCloseTrade } from './api/close-trade';
import { formatRoe, formatTradePrice, formatUsdtHeld, formatUsdtNeeded, pairLabel } from './display';
import { closeResultText, useLeverMessages } from './lever-messages';
import { CloseSheet, MarginSheet, TpslSheet, type PositionSheet } from './PositionSheets';

const CANCEL_FAILED = 'The order could not be cancelled. Please try again.';

function Field({ label, children, className }: { label: string; children: string; className?: string }) {
  return (
    <div className="flex min-w-0 flex-col gap-0.5">
      <dt className="whitespace-nowrap text-[11px] text-muted">{label}</dt>
      <dd className={cx('truncate text-[13px] font-medium tabular-nums', className)}>{children}</dd>
    </div>
  );
}

const formatTrigger = (price: string | null) => (price ? formatTradePrice(price) : '--');

function ToolButton({ label, onClick, children }: { label: string; onClick: () => void; children: string }) {
  return (
    <button
      type="button"
      aria-label={label}
      onClick={onClick}
      className="-my-2 flex h-touch shrink-0 items-center rounded-lg px-2.5 text-xs font-semibold text-primary hover:bg-primary/10"
    >
      <span className="rounded-md border border-primary/40 px-2 py-1">{children}</span>
    </button>
  );
}

export const OpenOrderRow = memo(function OpenOrderRow({ trade }: { trade: TradeItem }) {
  const messages = useLeverMessages();
  // Only a cancel is sent from the row (a close goes through its sheet): its outcome goes to the message area.
  const closing = useCloseTrade({
    onClosed: (answer) => messages.show({ tone: 'success', text: closeResultText(answer) }),
    onRefused: (error) => messages.show({ tone: 'error', text: errorMessage(error, CANCEL_FAILED) }),
  });
  const [sheet, setSheet] = useState<PositionSheet | null>(null);
  const pending = trade.status === 'pending';
  const long = trade.trade_type === 'buy';
  const pair = pairLabel(trade.coin);
  const pl = dec(trade.profit_loss);
  const plTone = pending ? 'text-muted' : pl.gt(0) ? 'text-up' : pl.lt(0) ? 'text-down' : 'text-ink';
  const roe = pending ? null : formatRoe(trade.profit_loss, trade.margin);

  const cancel = () => {
    messages.clear();
    closing.mutate({ trade });
  };
  /** Opening a sheet is the trader's next action: the last result goes. */
  const openSheet = (next: PositionSheet) => {
    messages.clear();
    setSheet(next);
  };

  return (
    <li
      className="border-b border-line py-3 last:border-b-0"
      aria-label={`${pair} ${long ? 'long' : 'short'} ${trade.hands} hands`}
    >
      <div className="flex items-center gap-2">
        <div className="flex min-w-0 flex-1 flex-wrap items-center gap-x-2 gap-y-1">
          <span className="text-[15px] font-semibold">{pair}</span>
          <span
            className={cx(
              'rounded px-1.5 py-0.5 text-[11px] font-semibold',
              long ? 'bg-up/10 text-up' : 'bg-down/10 text-down',
            )}
          >
            {long ? 'Long' : 'Short'} {trade.leverage}X
          </span>
          <span className="rounded bg-surface-2 px-1.5 py-0.5 text-[11px] font-semibold text-muted">
            {pending ? 'Pending limit' : trade.order_type === 'limit' ? 'Limit' : 'Market'}
          </span>
          <span className="text-xs text-muted">
            {formatAmount(trade.hands)} {dec(trade.hands).eq(1) ? 'hand' : 'hands'}
          </span>
        </div>
        <button
          type="button"
          // A resting order is revoked at once; a position's Close asks how much (docs/decisions/0025).
          onClick={() => (pending ? cancel() : openSheet('close'))}
          disabled={closing.isPending}
          aria-busy={closing.isPending || undefined}
          aria-label={`${pending ? 'Cancel' : 'Close'} ${pair} ${long ? 'long' : 'short'} (trade ${trade.trade_id})`}
          className="flex h-touch min-w-[76px] shrink-0 items-center justify-center rounded-lg border border-line px-3 text-[13px] font-semibold hover:bg-surface-2 disabled:opacity-50"
        >
          {closing.isPending ? (
            <span
              className="h-4 w-4 animate-spin rounded-full border-2 border-current border-t-transparent"
              aria-hidden="true"
            />
          ) : pending ? (
            'Cancel'
          ) : (
            'Close'
          )}
        </button>
      </div>
      <dl className="mt-2 grid grid-cols-[0.6fr_1.2fr_1.1fr_1fr] gap-x-2">
        <Field label="Type" className={long ? 'text-up' : 'text-down'}>
          {long ? 'Buy' : 'Sell'}
        </Field>
        <Field label={`Amount (${QUOTE_CURRENCY})`}>
          {formatUsdtHeld(mul(trade.hands, trade.starting_price).toFixed())}
        </Field>
        <Field label={pending ? 'Limit price' : 'Price'}>{formatTradePrice(trade.starting_price)}</Field>
        <div className="flex min-w-0 flex-col gap-0.5">
          <dt className="whitespace-nowrap text-[11px] text-muted">P/L ({QUOTE_CURRENCY})</dt>
          <dd className={cx('truncate text-[13px] font-medium tabular-nums', plTone)}>
            {pending ? '--' : formatProfitLoss(trade.profit_loss)}
          </dd>
          {roe && (
            <dd className={cx('truncate text-[11px] font-medium tabular-nums', plTone)} aria-label={`ROE ${roe}`}>
              {roe}
            </dd>
          )}
        </div>
      </dl>
      <p className="mt-1.5 text-[11px] text-muted tabular-nums">
        Margin {formatUsdtNeeded(trade.margin)} {QUOTE_CURRENCY} · Fee {formatUsdtNeeded(trade.open_fee)}
        {trade.liquidation_price && ` · Liq. ${formatTradePrice(trade.liquidation_price)}`}
        {trade.current_price && ` · Mark ${formatTradePrice(trade.current_price)}`}
        {trade.price_stale && ' · price delayed'}
      </p>
      <div className="mt-1.5 flex items-center gap-2">
        <p className="min-w-0 flex-1 truncate text-[11px] tabular-nums" data-testid="tpsl">
          <span className="text-muted">TP </span>
          <span className={trade.take_profit ? 'text-up' : 'text-muted'}>{formatTrigger(trade.take_profit)}</span>
          <span className="text-muted"> · SL </span>
          <span className={trade.stop_loss ? 'text-down' : 'text-muted'}>{formatTrigger(trade.stop_loss)}</span>
        </p>
        <ToolButton label={`TP/SL of ${pair} (trade ${trade.trade_id})`} onClick={() => openSheet('tpsl')}>
          TP/SL
        </ToolButton>
        {!pending && (
          <ToolButton label={`Margin of ${pair} (trade ${trade.trade_id})`} onClick={() => openSheet('margin')}>
            Margin
          </ToolButton>
        )}
      </div>
      {sheet === 'close' && <CloseSheet trade={trade} open onClose={() => setSheet(null)} />}
      {sheet === 'tpsl' && <TpslSheet trade={trade} open onClose={() => setSheet(null)} />}
      {sheet === 'margin' && <MarginSheet trade={trade} open onClose={() => setSheet(null)} />}
    </li>
  );
});
