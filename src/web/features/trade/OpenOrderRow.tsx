/**
 * One open order (docs/product.md 2): the pair as coin/USDT, the hands, Close (Cancel for a pending limit
 * order), Type, Amount, Price and P/L in USDT with 2 decimals; below them the margin, the opening fee
 * and the liquidation price (docs/decisions/0018-house-books.md). P/L carries its ROE % (docs/decisions/0031-lever-results.md); what a cancel did, or why it was
 * refused, goes to the screen's one message area (lever-messages.tsx). An open position's Close offers a partial close, and its
 * take-profit / stop-loss and margin have their own sheets (docs/decisions/0025-trade-protection.md).
 * Memoised: the 1 s poll shares unchanged trades structurally, so only rows whose numbers moved render again.
 */
import { memo, useState } from 'react';
import type { TradeItem } from '../../../shared/api/trade';
import { QUOTE_CURRENCY } from '../../../shared/constants';
import { formatAmount, formatProfitLoss } from '../../../shared/format';
import { dec, mul } from '../../../shared/money';
import { cx } from '../../components/cx';
import { errorMessage } from '../../lib/api';
import { useI18n } from '../../lib/i18n';
import { useCloseTrade } from './api/close-trade';
import { formatRoe, formatTradePrice, formatUsdtHeld, formatUsdtNeeded, pairLabel } from './display';
import { closeResultText, useLeverMessages } from './lever-messages';
import { CloseSheet, MarginSheet, TpslSheet, type PositionSheet } from './PositionSheets';
import { SideTag } from './SideTag';

function Field({ label, children, className }: { label: string; children: string; className?: string }) {
  return (
    <div className="flex min-w-0 flex-col gap-0.5">
      <dt className="whitespace-nowrap text-[11px] text-muted">{label}</dt>
      <dd className={cx('truncate text-[13px] font-medium tabular-nums', className)}>{children}</dd>
    </div>
  );
}

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
  const speech = useI18n();
  const { t, plural, number } = speech;
  const formatTrigger = (price: string | null) => (price ? number(formatTradePrice(price)) : '--');
  // Only a cancel is sent from the row (a close goes through its sheet): its outcome goes to the message area.
  const closing = useCloseTrade({
    onClosed: (answer) => messages.show({ tone: 'success', text: closeResultText(answer, speech) }),
    onRefused: (error) => messages.show({ tone: 'error', text: errorMessage(error, t('trade.common.cancelFailed')) }),
  });
  const [sheet, setSheet] = useState<PositionSheet | null>(null);
  const pending = trade.status === 'pending';
  const long = trade.trade_type === 'buy';
  const pair = pairLabel(trade.coin);
  const pl = dec(trade.profit_loss_decimal);
  const plTone = pending ? 'text-muted' : pl.gt(0) ? 'text-up' : pl.lt(0) ? 'text-down' : 'text-ink';
  const roe = pending ? null : formatRoe(trade.profit_loss_decimal, trade.margin);

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
      aria-label={t(long ? 'trade.lever.rowLong' : 'trade.lever.rowShort', { pair, hands: number(trade.hands) })}
    >
      <div className="flex items-center gap-2">
        <div className="flex min-w-0 flex-1 flex-wrap items-center gap-x-2 gap-y-1">
          <span className="text-[15px] font-semibold">{pair}</span>
          <SideTag up={long}>
            {t(long ? 'trade.lever.long' : 'trade.lever.short')} {trade.leverage}X
          </SideTag>
          <span className="rounded bg-surface-2 px-1.5 py-0.5 text-[11px] font-semibold text-muted">
            {t(
              pending
                ? 'trade.lever.pendingLimit'
                : trade.order_type === 'limit'
                  ? 'trade.common.limit'
                  : 'trade.common.market',
            )}
          </span>
          <span className="text-xs text-muted">
            {plural('trade.lever.handCount', dec(trade.hands).toNumber(), {
              count: number(formatAmount(trade.hands)),
            })}
          </span>
        </div>
        <button
          type="button"
          // A resting order is revoked at once; a position's Close asks how much (docs/decisions/0025).
          onClick={() => (pending ? cancel() : openSheet('close'))}
          disabled={closing.isPending}
          aria-busy={closing.isPending || undefined}
          aria-label={t(
            pending
              ? long
                ? 'trade.lever.cancelLong'
                : 'trade.lever.cancelShort'
              : long
                ? 'trade.lever.closeLong'
                : 'trade.lever.closeShort',
            { pair, id: trade.trade_id },
          )}
          className="flex h-touch min-w-[76px] shrink-0 items-center justify-center rounded-lg border border-line px-3 text-[13px] font-semibold hover:bg-surface-2 disabled:opacity-50"
        >
          {closing.isPending ? (
            <span
              className="h-4 w-4 animate-spin rounded-full border-2 border-current border-t-transparent"
              aria-hidden="true"
            />
          ) : (
            t(pending ? 'trade.common.cancel' : 'trade.common.close')
          )}
        </button>
      </div>
      <dl className="mt-2 grid grid-cols-[0.6fr_1.2fr_1.1fr_1fr] gap-x-2">
        <Field label={t('trade.lever.type')} className={long ? 'text-up' : 'text-down'}>
          {t(long ? 'trade.common.buy' : 'trade.common.sell')}
        </Field>
        <Field label={t('trade.lever.amountColumn', { currency: QUOTE_CURRENCY })}>
          {number(formatUsdtHeld(mul(trade.hands, trade.starting_price).toFixed()))}
        </Field>
        <Field label={t(pending ? 'trade.common.limitPrice' : 'trade.common.price')}>
          {number(formatTradePrice(trade.starting_price))}
        </Field>
        <div className="flex min-w-0 flex-col gap-0.5">
          <dt className="whitespace-nowrap text-[11px] text-muted">
            {t('trade.lever.profitLossColumn', { currency: QUOTE_CURRENCY })}
          </dt>
          <dd className={cx('truncate text-[13px] font-medium tabular-nums', plTone)}>
            {pending ? '--' : number(formatProfitLoss(trade.profit_loss_decimal))}
          </dd>
          {roe && (
            <dd
              className={cx('truncate text-[11px] font-medium tabular-nums', plTone)}
              aria-label={t('trade.lever.roe', { roe: number(roe) })}
            >
              {number(roe)}
            </dd>
          )}
        </div>
      </dl>
      <p className="mt-1.5 text-[11px] text-muted tabular-nums">
        {t('trade.lever.marginFee', {
          margin: number(formatUsdtNeeded(trade.margin)),
          currency: QUOTE_CURRENCY,
          fee: number(formatUsdtNeeded(trade.open_fee)),
        })}
        {trade.liquidation_price &&
          ` · ${t('trade.lever.liquidationShort', { price: number(formatTradePrice(trade.liquidation_price)) })}`}
        {trade.current_price &&
          ` · ${t('trade.lever.markShort', { price: number(formatTradePrice(trade.current_price)) })}`}
        {trade.price_stale && ` · ${t('trade.lever.priceDelayed')}`}
      </p>
      <div className="mt-1.5 flex items-center gap-2">
        <p className="min-w-0 flex-1 truncate text-[11px] tabular-nums" data-testid="tpsl">
          <span className="text-muted">{t('trade.lever.takeProfitShort')} </span>
          <span className={trade.take_profit ? 'text-up' : 'text-muted'}>{formatTrigger(trade.take_profit)}</span>
          <span className="text-muted"> · {t('trade.lever.stopLossShort')} </span>
          <span className={trade.stop_loss ? 'text-down' : 'text-muted'}>{formatTrigger(trade.stop_loss)}</span>
        </p>
        <ToolButton label={t('trade.lever.tpslOf', { pair, id: trade.trade_id })} onClick={() => openSheet('tpsl')}>
          {t('trade.lever.tpsl')}
        </ToolButton>
        {!pending && (
          <ToolButton
            label={t('trade.lever.marginOf', { pair, id: trade.trade_id })}
            onClick={() => openSheet('margin')}
          >
            {t('trade.common.margin')}
          </ToolButton>
        )}
      </div>
      {sheet === 'close' && <CloseSheet trade={trade} open onClose={() => setSheet(null)} />}
      {sheet === 'tpsl' && <TpslSheet trade={trade} open onClose={() => setSheet(null)} />}
      {sheet === 'margin' && <MarginSheet trade={trade} open onClose={() => setSheet(null)} />}
    </li>
  );
});
