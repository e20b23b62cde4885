/**
 * The Lever screen's one message area (docs/decisions/0031-lever-results.md): what the last
 * action did (order placed, refused, position closed with its realized P/L, order cancelled). A new
 * result replaces the old one, a new action clears it, and a success goes away by itself after a few
 * seconds; a refusal stays until the next action or its close button, so it is read. The area sits
 * above the tab bar, where it shows wherever the trader scrolled to.
 */
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { TradeAnswer, TradeItem } from '../../../shared/api/trade';
import { QUOTE_CURRENCY } from '../../../shared/constants';
import { formatProfitLoss } from '../../../shared/format';
import { add, sub } from '../../../shared/money';
import { cx } from '../../components/cx';
import { CloseIcon } from '../../components/icons';
import { useI18n } from '../../lib/i18n';
import { formatUsdtNeeded } from './display';

/** How long a success stays: long enough to read a line, short enough not to go stale. */
export const LEVER_MESSAGE_MS = 5000;

export interface LeverMessage {
  tone: 'success' | 'error';
  text: string;
}

/**
 * What a closed trade earned after fees and what its fees were, as the history shows them
 * (src/server/modules/trades/view.ts: realized = closed_balance - margin - open_fee; fee = open + close).
 */
function realizedOf(trade: TradeItem): { profitLoss: string; fee: string } {
  return {
    profitLoss: sub(sub(trade.closed_balance ?? '0', trade.margin), trade.open_fee).toFixed(),
    fee: add(trade.open_fee, trade.close_fee).toFixed(),
  };
}

/** What closeResultText needs of useI18n(): the language shown's texts, messages and numbers. */
export type ResultSpeech = Pick<ReturnType<typeof useI18n>, 't' | 'message' | 'number'>;

/** The realized line of a close: 'Realized P/L +14.99 USDT (fees 6.01 USDT)'. */
const realizedText = (trade: TradeItem, { t, number }: ResultSpeech) => {
  const { profitLoss, fee } = realizedOf(trade);
  return t('trade.lever.realized', {
    profitLoss: number(formatProfitLoss(profitLoss)),
    fee: number(formatUsdtNeeded(fee)),
    currency: QUOTE_CURRENCY,
  });
};

/**
 * The message of trade-updation's answer in the language shown: a revoked order says so (the server's
 * text); a close, whole or partial (the part closed is `closed`), adds its realized P/L and fees to it.
 */
export function closeResultText(answer: TradeAnswer, speech: ResultSpeech): string {
  const finished = answer.closed ?? answer.trade;
  const said = speech.message(answer.message);
  if (finished.status === 'cancelled' || !finished.is_closed) return said;
  return `${said}. ${realizedText(finished, speech)}`;
}

interface MessageState extends LeverMessage {
  /** A new id for each message, so the same text shown twice restarts its timer. */
  id: number;
}

interface LeverMessagesApi {
  show: (message: LeverMessage) => void;
  clear: () => void;
}

const ApiContext = createContext<LeverMessagesApi | null>(null);
const CurrentContext = createContext<MessageState | null>(null);

let nextId = 0;

export function LeverMessagesProvider({ children }: { children: ReactNode }) {
  const [current, setCurrent] = useState<MessageState | null>(null);
  const show = useCallback((message: LeverMessage) => setCurrent({ ...message, id: ++nextId }), []);
  const clear = useCallback(() => setCurrent(null), []);
  const api = useMemo(() => ({ show, clear }), [show, clear]);

  useEffect(() => {
    if (current?.tone !== 'success') return;
    const timer = setTimeout(() => setCurrent((now) => (now?.id === current.id ? null : now)), LEVER_MESSAGE_MS);
    return () => clearTimeout(timer);
  }, [current]);

  return (
    <ApiContext.Provider value={api}>
      <CurrentContext.Provider value={current}>{children}</CurrentContext.Provider>
    </ApiContext.Provider>
  );
}

const NO_AREA: LeverMessagesApi = { show: () => {}, clear: () => {} };

/** show() a result, clear() at the start of an action. Outside the provider (a lone component) a no-op. */
export const useLeverMessages = (): LeverMessagesApi => useContext(ApiContext) ?? NO_AREA;

/**
 * The area itself: two live regions in one place (a success is announced politely, a refusal at
 * once), always in the page so screen readers hear what appears in them.
 */
export function LeverMessageArea() {
  const current = useContext(CurrentContext);
  const { clear } = useLeverMessages();
  const { t } = useI18n();
  const message = (tone: LeverMessage['tone']) =>
    current?.tone === tone ? (
      <div
        className={cx(
          'pointer-events-auto flex items-start gap-1 rounded-xl bg-surface py-0.5 pl-4 pr-0.5 text-sm shadow-lg ring-1',
          tone === 'error' ? 'text-down ring-down/40' : 'text-up ring-up/40',
        )}
      >
        <p className="min-w-0 flex-1 py-2.5 font-medium leading-5" data-testid="lever-message">
          {current.text}
        </p>
        <button
          type="button"
          onClick={clear}
          aria-label={t('trade.lever.dismiss')}
          className="flex h-touch w-11 shrink-0 items-center justify-center rounded-lg text-muted hover:bg-surface-2"
        >
          <CloseIcon size={18} />
        </button>
      </div>
    ) : null;
  return (
    <div className="pointer-events-none fixed inset-x-0 bottom-[calc(68px+env(safe-area-inset-bottom))] z-40 mx-auto max-w-app px-4">
      <div role="status">{message('success')}</div>
      <div role="alert">{message('error')}</div>
    </div>
  );
}
