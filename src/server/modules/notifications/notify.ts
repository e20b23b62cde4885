/**
 * Telling a user what happened to their money and identity (docs/decisions/0034-notifications.md,
 * docs/architecture.md "## Notifications"). A notification is written inside the transaction of the
 * event it describes, so it exists exactly when the event committed: a rolled-back approval leaves
 * none (and so no push and no mail: the push follows the row's NOTIFY, sent at commit, and the mail
 * is sent after the commit by mailNotifications, mail.ts).
 */
import { sql } from 'drizzle-orm';
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
  'passkey_added',
  'passkey_removed',
  'two_factor_enabled',
  'two_factor_disabled',
  'recovery_codes_renewed',
  'price_alert',
  // A staff action on a fiat order (docs/decisions/0054-fiat-orders.md).
  'fiat_order_instructions',
  'fiat_order_paid',
  'fiat_order_completed',
  'fiat_order_cancelled',
  // A lock-up order paid at maturity (docs/decisions/0052-earn.md).
  'earn_matured',
  // To every staff member: custody's reserves fell short of the customers' balances, or cover them again (docs/decisions/0067).
  'reserves_short',
  'reserves_covered',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/**
 * Kinds whose event its own module mails already (wallets/withdrawal-mail.ts tells of a withdrawal's
 * approval or rejection with its address, bonuses/mail.ts of a bonus with each program paid): their
 * notification is written as mailed, so the user gets one mail per event, not two.
 */
const MAILED_ELSEWHERE: ReadonlySet<NotificationKind> = new Set([
  'withdrawal_approved',
  'withdrawal_rejected',
  'bonus',
]);

export interface NewNotification {
  userId: number;
  kind: NotificationKind;
  /** English: what a reader without the kind's texts shows (shared/api/notifications.ts). */
  title: string;
  body: string;
  /** The values of the kind's texts, so it renders in any language (NOTIFICATIONS_MSG.kinds). */
  params?: Record<string, string>;
}

/** Records a notification in the event's own transaction; after the commit, mailNotifications(ctx, userId) mails it. */
export async function notify(tx: Tx, note: NewNotification): Promise<void> {
  await tx.insert(notifications).values({ ...note, mailedAt: MAILED_ELSEWHERE.has(note.kind) ? sql`now()` : null });
}
