/**
 * The notification of each event, built from the rows the event's module already holds, so each
 * module records it with one line at its decision point: `await notify(tx, depositDecided(row, action))`.
 * Texts: NOTIFICATION_TEXT (shared/api/notifications.ts).
 */
import { NOTIFICATION_TEXT } from '../../../shared/api/notifications.js';
import type { NewNotification } from './notify.js';

interface DecidedTransaction {
  id: number;
  userId: number;
  type: string;
  amount: string;
  currency: string;
}

/** A staff decision on a pending deposit or withdrawal (wallets/review.ts). */
export function transactionDecided(
  row: DecidedTransaction,
  action: 'approve' | 'cancel',
  reason: string | null = null,
): NewNotification {
  const approved = action === 'approve';
  // Its id (the notification opens it) and staff's reason for a Reject (docs/decisions/0062-money-screens.md).
  const d = { amount: row.amount, currency: row.currency, transactionId: row.id, reason };
  if (row.type === 'withdrawal')
    return approved
      ? { userId: row.userId, kind: 'withdrawal_approved', ...NOTIFICATION_TEXT.withdrawalApproved(d) }
      : { userId: row.userId, kind: 'withdrawal_rejected', ...NOTIFICATION_TEXT.withdrawalRejected(d) };
  return approved
    ? { userId: row.userId, kind: 'deposit_approved', ...NOTIFICATION_TEXT.depositApproved(d) }
    : { userId: row.userId, kind: 'deposit_rejected', ...NOTIFICATION_TEXT.depositRejected(d) };
}

interface SettledTrade {
  id: number;
  userId: number;
  coin: string;
  tradeType: string;
  hands: string;
  status: string;
  closePrice: string | null;
  profitLoss: string | null;
}

/**
 * A position the risk pass closed (trades/risk.ts): liquidated, or closed by its take-profit or
 * stop-loss. `settled` is the row as settleTrade returned it (a trigger past the liquidation price
 * liquidates, so its status, not the trigger, names the kind).
 */
export function tradeSettled(
  settled: SettledTrade,
  trigger: 'take_profit' | 'stop_loss' | 'liquidate',
): NewNotification {
  const facts = {
    id: settled.id,
    coin: settled.coin,
    tradeType: settled.tradeType,
    hands: settled.hands,
    price: settled.closePrice ?? '',
    profitLoss: settled.profitLoss ?? '0',
  };
  if (settled.status === 'liquidated' || trigger === 'liquidate')
    return { userId: settled.userId, kind: 'trade_liquidated', ...NOTIFICATION_TEXT.tradeLiquidated(facts) };
  return trigger === 'take_profit'
    ? { userId: settled.userId, kind: 'trade_take_profit', ...NOTIFICATION_TEXT.tradeTakeProfit(facts) }
    : { userId: settled.userId, kind: 'trade_stop_loss', ...NOTIFICATION_TEXT.tradeStopLoss(facts) };
}

/** A staff decision on the user's identity verification (identity/service.ts). */
export function identityDecided(
  userId: number,
  status: 'verified' | 'rejected',
  reason: string | null,
): NewNotification {
  return status === 'verified'
    ? { userId, kind: 'identity_approved', ...NOTIFICATION_TEXT.identityApproved() }
    : { userId, kind: 'identity_rejected', ...NOTIFICATION_TEXT.identityRejected(reason) };
}

/** A staff member's message in the user's support chat (chat/service.ts); the user's own messages notify nothing. */
export function chatReplied(userId: number, text: string, sessionId: string): NewNotification {
  return { userId, kind: 'chat_reply', ...NOTIFICATION_TEXT.chatReply(text, sessionId) };
}
