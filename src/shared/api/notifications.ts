/**
 * In-app notifications (issue 19 "## Notifications", docs/architecture.md "## Notifications",
 * docs/decisions/0034-notifications.md): what happened to a user's money and identity. The lists,
 * the read request and the texts, for the server and the Home bell alike.
 */
import { z } from 'zod';

/** Texts of the notifications API (the bell shows the same). */
export const NOTIFICATIONS_MSG = {
  invalidLimit: 'limit must be a whole number from 1 to 100',
  invalidBefore: 'before must be a notification id',
  chooseWhich: 'Send the ids of the notifications to mark read, or all: true',
  invalidIds: 'ids must be a list of 1 to 200 notification ids',
  markedRead: 'Marked as read',
} as const;

/** Items a page holds unless `limit` says otherwise; the bell asks for this many. */
export const NOTIFICATIONS_PAGE_SIZE = 20;
const NOTIFICATIONS_PAGE_MAX = 100;
/** Ids one read request may carry. */
const NOTIFICATIONS_READ_MAX = 200;

const positiveId = (message: string) =>
  z.coerce
    .number({ error: message })
    .int({ error: message })
    .positive({ error: message })
    .max(2 ** 53 - 1, { error: message });

// ---- GET /api-v1/notifications/ ----

/**
 * Newest first, paged as the app's other lists (trade history, spot orders): `before` the last id
 * seen (or the answer's `next`), `limit` items a page.
 */
export const notificationsQuery = z.object({
  before: positiveId(NOTIFICATIONS_MSG.invalidBefore).optional(),
  limit: z.coerce
    .number({ error: NOTIFICATIONS_MSG.invalidLimit })
    .int({ error: NOTIFICATIONS_MSG.invalidLimit })
    .min(1, { error: NOTIFICATIONS_MSG.invalidLimit })
    .max(NOTIFICATIONS_PAGE_MAX, { error: NOTIFICATIONS_MSG.invalidLimit })
    .default(NOTIFICATIONS_PAGE_SIZE),
});

export const notificationItem = z.object({
  id: z.number(),
  /** NOTIFICATION_KINDS (server/modules/notifications): deposit_approved, trade_liquidated, chat_reply, ... */
  kind: z.string(),
  title: z.string(),
  body: z.string(),
  created_at: z.string(),
  read: z.boolean(),
});
export type NotificationItem = z.infer<typeof notificationItem>;

export const notificationsPage = z.object({
  /** The user's unread notifications, all pages. */
  unread: z.number(),
  /** The user's notifications, all pages. */
  count: z.number(),
  /** `before` for the next (older) page, or null on the last page. */
  next: z.number().nullable(),
  results: z.array(notificationItem),
});
export type NotificationsPage = z.infer<typeof notificationsPage>;

// ---- POST /api-v1/notifications/read/ ----

/** `{ ids: [...] }` marks those (the user's own; others' ids are ignored), `{ all: true }` every one. */
export const markReadBody = z
  .object({
    ids: z
      .array(positiveId(NOTIFICATIONS_MSG.invalidIds), { error: NOTIFICATIONS_MSG.invalidIds })
      .min(1, { error: NOTIFICATIONS_MSG.invalidIds })
      .max(NOTIFICATIONS_READ_MAX, { error: NOTIFICATIONS_MSG.invalidIds })
      .optional(),
    all: z.literal(true, { error: NOTIFICATIONS_MSG.chooseWhich }).optional(),
  })
  .refine((v) => (v.ids !== undefined) !== (v.all !== undefined), { error: NOTIFICATIONS_MSG.chooseWhich });
export type MarkReadBody = z.input<typeof markReadBody>;

export const markReadAnswer = z.object({
  message: z.string(),
  /** Notifications this request turned read (already read ones and others' ids are not counted). */
  updated: z.number(),
  unread: z.number(),
});
export type MarkReadAnswer = z.infer<typeof markReadAnswer>;

// ---- the push (notifications@user.<id>, shared/api/streams.ts) ----

/** The first page as GET answers it: the badge and the list replace theirs with each frame. */
export type NotificationsEvent = { e: 'notifications' } & NotificationsPage;

// ---- the texts of each kind (written by the server when the event commits) ----

const side = (tradeType: string) => (tradeType === 'sell' ? 'short' : 'long');

/** Title and body of each event's notification: short, amounts with their currency. */
export const NOTIFICATION_TEXT = {
  depositApproved: (amount: string, currency: string) => ({
    title: 'Deposit approved',
    body: `Your deposit of ${amount} ${currency} has been credited to your funding wallet.`,
  }),
  depositRejected: (amount: string, currency: string) => ({
    title: 'Deposit rejected',
    body: `Your deposit of ${amount} ${currency} was not approved. If you sent the funds, please contact support.`,
  }),
  withdrawalApproved: (amount: string, currency: string) => ({
    title: 'Withdrawal approved',
    body: `Your withdrawal of ${amount} ${currency} has been approved and sent.`,
  }),
  withdrawalRejected: (amount: string, currency: string) => ({
    title: 'Withdrawal rejected',
    body: `Your withdrawal of ${amount} ${currency} was rejected; the amount is back in your funding wallet.`,
  }),
  tradeLiquidated: (t: TradeFacts) => ({
    title: 'Position liquidated',
    body: `Your ${t.coin} ${side(t.tradeType)} of ${t.hands} ${t.coin} (#${t.id}) was liquidated at ${t.price} USDT. Loss: ${t.profitLoss} USDT.`,
  }),
  tradeTakeProfit: (t: TradeFacts) => ({
    title: 'Take-profit reached',
    body: `Your ${t.coin} ${side(t.tradeType)} of ${t.hands} ${t.coin} (#${t.id}) was closed by its take-profit at ${t.price} USDT. P/L: ${t.profitLoss} USDT.`,
  }),
  tradeStopLoss: (t: TradeFacts) => ({
    title: 'Stop-loss reached',
    body: `Your ${t.coin} ${side(t.tradeType)} of ${t.hands} ${t.coin} (#${t.id}) was closed by its stop-loss at ${t.price} USDT. P/L: ${t.profitLoss} USDT.`,
  }),
  identityApproved: () => ({
    title: 'Identity verified',
    body: 'Your identity verification has been approved.',
  }),
  identityRejected: (reason: string | null) => ({
    title: 'Identity verification rejected',
    body: reason
      ? `Your identity verification was rejected: ${reason}. You can submit it again.`
      : 'Your identity verification was rejected. You can submit it again.',
  }),
  chatReply: (text: string) => ({
    title: 'Support replied',
    body: text === '' ? 'Support sent you an image.' : text.length > 140 ? `${text.slice(0, 139)}…` : text,
  }),
} as const;

/** What a trade's notification tells: the price it closed at and its P/L, in USDT. */
export interface TradeFacts {
  id: number;
  coin: string;
  tradeType: string;
  hands: string;
  price: string;
  profitLoss: string;
}
