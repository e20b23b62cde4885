/**
 * The one question before a trader's first order at 50X or more in a visit of the Lever screen (docs/decisions/0031-lever-results.md,
 * docs/decisions/0031-lever-results.md): what the order is, how small a move takes its margin, and
 * where it is liquidated. "Don't ask again" is remembered on this device (local storage); the order
 * form offers to turn the question back on while it is off.
 */
import { useState } from 'react';
import type { TradeCreationInput, TradeSide } from '../../../shared/api/trade';
import { QUOTE_CURRENCY, type Leverage } from '../../../shared/constants';
import { formatAmount } from '../../../shared/format';
import { dec } from '../../../shared/money';
import { Button } from '../../components/Button';
import { BottomSheet } from '../../components/Overlay';
import { useI18n } from '../../lib/i18n';
import { STORAGE_KEYS, readItem, writeItem } from '../../lib/storage';
import { formatTradePrice, formatUsdtNeeded, pairLabel } from './display';

/** Whether the question is asked on this device, and the switch for it. */
export function useHighLeverageCheck() {
  const [enabled, setEnabled] = useState(() => readItem(STORAGE_KEYS.leverHighLeverageCheck) !== 'off');
  const set = (on: boolean) => {
    writeItem(STORAGE_KEYS.leverHighLeverageCheck, on ? 'on' : 'off');
    setEnabled(on);
  };
  return { enabled, set };
}

export interface HighLeverageOrder {
  /** What is sent once confirmed. */
  payload: TradeCreationInput;
  side: TradeSide;
  coin: string;
  hands: string;
  leverage: Leverage;
  /** For a limit order; null at market. */
  limitPrice: string | null;
  cost: string | null;
  liquidationPrice: string | null;
}

export function HighLeverageConfirm({
  order,
  onConfirm,
  onCancel,
}: {
  order: HighLeverageOrder | null;
  /** `dontAskAgain`: the box was ticked. */
  onConfirm: (dontAskAgain: boolean) => void;
  onCancel: () => void;
}) {
  const [dontAsk, setDontAsk] = useState(false);
  const { t, number } = useI18n();
  const long = order?.side === 'buy';
  // At L X, a move of 100 / L % against the position is its whole margin.
  const move = order ? dec(100).div(order.leverage).toDecimalPlaces(2).toFixed() : '';
  return (
    <BottomSheet
      open={order !== null}
      onClose={onCancel}
      title={t('trade.confirm.title', { leverage: order?.leverage ?? '' })}
    >
      {order && (
        <div className="flex flex-col gap-4">
          <p className="text-[15px] font-semibold">
            <span className={long ? 'text-up' : 'text-down'}>
              {t(long ? 'trade.lever.buyLong' : 'trade.lever.sellShort')}
            </span>{' '}
            {number(formatAmount(order.hands))} {order.coin} · {pairLabel(order.coin)} · {order.leverage}X
            {order.limitPrice
              ? ` · ${t('trade.confirm.limitAt', { price: number(formatTradePrice(order.limitPrice)) })}`
              : ''}
          </p>
          <p className="rounded-xl bg-down/10 px-4 py-3 text-sm leading-5 text-down">
            {t('trade.confirm.warning', { leverage: order.leverage, move: number(move) })}
            {order.liquidationPrice &&
              ` ${t('trade.confirm.liquidatedAt', { price: number(formatTradePrice(order.liquidationPrice)) })}`}
          </p>
          {order.cost && (
            <p className="text-sm text-muted tabular-nums">
              {t('trade.confirm.marginAndFee', {
                cost: number(formatUsdtNeeded(order.cost)),
                currency: QUOTE_CURRENCY,
              })}
            </p>
          )}
          <label className="flex min-h-touch items-center gap-3 text-[15px]">
            <input
              type="checkbox"
              checked={dontAsk}
              onChange={(event) => setDontAsk(event.target.checked)}
              className="h-5 w-5 accent-primary"
            />
            {t('trade.confirm.dontAsk')}
          </label>
          <div className="grid grid-cols-2 gap-3">
            <Button variant="secondary" onClick={onCancel}>
              {t('trade.common.cancel')}
            </Button>
            <Button variant={long ? 'primary' : 'danger'} onClick={() => onConfirm(dontAsk)}>
              {t('trade.confirm.confirm')}
            </Button>
          </div>
        </div>
      )}
    </BottomSheet>
  );
}
