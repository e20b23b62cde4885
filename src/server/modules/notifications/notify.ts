/**
 * Telling a user what happened to their money and identity (issue 19's notifications, built early so
 * the money rails can use them). A notification is written inside the transaction of the event it
 * describes, so it exists exactly when the event committed: a rolled-back approval leaves none.
 */
import type { Tx } from '../../db/database.js';
import { notifications } from '../../db/schema.js';

export const NOTIFICATION_KINDS = [
  'deposit_approved',
  'deposit_rejected',
  'withdrawal_approved',
  'withdrawal_rejected',
  'bonus',
  'trade_liquidated',
  'trade_take_profit',
  'trade_stop_loss',
  'identity_approved',
  'identity_rejected',
  'chat_reply',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export interface NewNotification {
  userId: number;
  kind: NotificationKind;
  title: string;
  body: string;
}

/** Records a notification in the event's own transaction. */
export async function notify(tx: Tx, note: NewNotification): Promise<void> {
  await tx.insert(notifications).values(note);
}
