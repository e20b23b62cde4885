/**
 * In-app notifications (docs/decisions/0034-notifications.md, docs/architecture.md "## Notifications",
 * docs/decisions/0034-notifications.md): what happened to a user's money and identity. The lists,
 * the read request and the texts, for the server and the Home bell alike.
 */
import { z } from 'zod';
import { LANGUAGES } from '../constants.js';
import { PAGE_PATHS } from '../pages.js';
import { defineMessages } from '../message.js';

/** Texts of the notifications API (the bell shows the same). */
export const NOTIFICATIONS_MSG = defineMessages('notifications', {
  invalidLimit: 'limit must be a whole number from 1 to 100',
  invalidBefore: 'before must be a notification id',
  chooseWhich: 'Send the ids of the notifications to mark read, or all: true',
  invalidIds: 'ids must be a list of 1 to 200 notification ids',
  markedRead: 'Marked as read',
  invalidLanguage: 'language must be one of en, zh, ja, ko, fr, de, es, it, ru, pt',
  languageSaved: 'Language saved',
  /**
   * Each kind's title and body, `{{name}}` where its params go (a notification row keeps its kind and
   * params, so the web and the mail show it in any language: docs/decisions/0044-notifications-languages.md).
   * A trade's side is its own text, as languages word "long" and "short" differently.
   */
  kinds: {
    depositApproved: {
      title: 'Deposit approved',
      body: 'Your deposit of {{amount}} {{currency}} has been credited to your funding wallet.',
    },
    depositRejected: {
      title: 'Deposit rejected',
      body: 'Your deposit of {{amount}} {{currency}} was not approved. If you sent the funds, please contact support.',
      withReason:
        'Your deposit of {{amount}} {{currency}} was not approved: {{reason}}. If you sent the funds, please contact support.',
    },
    withdrawalApproved: {
      title: 'Withdrawal approved',
      body: 'Your withdrawal of {{amount}} {{currency}} has been approved and sent.',
    },
    withdrawalRejected: {
      title: 'Withdrawal rejected',
      body: 'Your withdrawal of {{amount}} {{currency}} was rejected; the amount is back in your funding wallet.',
      withReason:
        'Your withdrawal of {{amount}} {{currency}} was rejected: {{reason}}. The amount is back in your funding wallet.',
    },
    tradeLiquidated: {
      title: 'Position liquidated',
      long: 'Your {{coin}} long of {{hands}} {{coin}} (#{{id}}) was liquidated at {{price}} USDT. Loss: {{profitLoss}} USDT.',
      short:
        'Your {{coin}} short of {{hands}} {{coin}} (#{{id}}) was liquidated at {{price}} USDT. Loss: {{profitLoss}} USDT.',
    },
    tradeTakeProfit: {
      title: 'Take-profit reached',
      long: 'Your {{coin}} long of {{hands}} {{coin}} (#{{id}}) was closed by its take-profit at {{price}} USDT. P/L: {{profitLoss}} USDT.',
      short:
        'Your {{coin}} short of {{hands}} {{coin}} (#{{id}}) was closed by its take-profit at {{price}} USDT. P/L: {{profitLoss}} USDT.',
    },
    tradeStopLoss: {
      title: 'Stop-loss reached',
      long: 'Your {{coin}} long of {{hands}} {{coin}} (#{{id}}) was closed by its stop-loss at {{price}} USDT. P/L: {{profitLoss}} USDT.',
      short:
        'Your {{coin}} short of {{hands}} {{coin}} (#{{id}}) was closed by its stop-loss at {{price}} USDT. P/L: {{profitLoss}} USDT.',
    },
    identityApproved: {
      title: 'Identity verified',
      body: 'Your identity verification has been approved.',
    },
    identityRejected: {
      title: 'Identity verification rejected',
      withReason: 'Your identity verification was rejected: {{reason}}. You can submit it again.',
      body: 'Your identity verification was rejected. You can submit it again.',
    },
    chatReply: {
      title: 'Support replied',
      image: 'Support sent you an image.',
    },
    /** The second factors' enrolments and removals (docs/decisions/0045-second-factor-guards-itself.md). */
    passkeyAdded: {
      title: 'Passkey added',
      body: 'The passkey "{{name}}" was added to your account. It can sign in without a password. If this wasn\'t you, remove it in Safety Center > Passkeys, change your login password and contact support.',
    },
    passkeyRemoved: {
      title: 'Passkey removed',
      body: 'The passkey "{{name}}" was removed from your account. If this wasn\'t you, change your login password at once and contact support.',
    },
    twoFactorEnabled: {
      title: 'Authenticator app turned on',
      body: "Two-factor authentication with an authenticator app was turned on for your account. If this wasn't you, contact support at once.",
    },
    twoFactorDisabled: {
      title: 'Authenticator app turned off',
      body: "Two-factor authentication with an authenticator app was turned off for your account; withdrawals open again in 24 hours. If this wasn't you, change your login password at once and contact support.",
    },
    recoveryCodesRenewed: {
      title: 'New recovery codes',
      body: "New recovery codes were made for your account and the old ones no longer work. If this wasn't you, contact support at once.",
    },
    /** A price alert fired (docs/decisions/0055-alerts-statements.md); the body names its condition. */
    priceAlert: {
      title: 'Price alert: {{pair}}',
      above: '{{pair}} rose to {{value}} USDT or above: it is at {{price}} USDT now.',
      below: '{{pair}} fell to {{value}} USDT or below: it is at {{price}} USDT now.',
      move: '{{pair}} moved {{change}}% in 24 hours, past your {{value}}%: it is at {{price}} USDT now.',
    },
    /** Staff actions on a fiat order (docs/decisions/0054-fiat-orders.md); `reference` is FO-00000042. */
    fiatOrderInstructions: {
      title: 'Payment instructions posted',
      body: 'Staff posted the payment instructions for your order {{reference}} ({{amount}} {{currency}}). Open Legal currency to read them.',
    },
    fiatOrderPaid: {
      title: 'Order marked paid',
      body: 'Your order {{reference}} ({{amount}} {{currency}}) has been marked paid.',
    },
    fiatOrderCompleted: {
      title: 'Order completed',
      body: 'Your order {{reference}} ({{amount}} {{currency}}) is complete; your legal currency account has been updated.',
    },
    fiatOrderCancelled: {
      title: 'Order cancelled',
      body: 'Your order {{reference}} ({{amount}} {{currency}}) was cancelled. Coins held for a sale are back in your legal currency account.',
    },
    earnMatured: {
      title: 'Lock-up order matured',
      body: 'Your {{product}} order of {{amount}} USDT has matured: the principal and {{yield}} USDT of yield, {{total}} USDT in all, are in your funding wallet.',
    },
    /** To staff: custody's reconciliation found a shortfall, or its end (docs/decisions/0067-custody-alerts.md). */
    reservesShort: {
      title: 'Reserves short: {{currency}} on {{network}}',
      body: "The on-chain reserves of {{currency}} on {{network}} are {{shortfall}} {{currency}} below the customers' balances: {{reserves}} held, {{liabilities}} owed. Open Custody in the staff console.",
    },
    reservesCovered: {
      title: 'Reserves cover {{currency}} on {{network}} again',
      body: "The on-chain reserves of {{currency}} on {{network}} cover the customers' balances again: {{reserves}} held, {{liabilities}} owed.",
    },
  },
  /** The mail of a notification (server/modules/notifications/mail.ts). */
  mailSubject: 'Coinfront: {{title}}',
  mailFooter: 'You can see all your notifications under the bell on Home in the Coinfront app.',
  /** The first line of every mail once the user has set an anti-phishing code (security/anti-phishing-mail.ts). */
  antiPhishingLine: 'Your Coinfront anti-phishing code: {{code}}',
  /** The mails of a withdrawal's request and decision, with its address (server/modules/wallets/withdrawal-mail.ts). */
  withdrawalMail: {
    requestedSubject: 'Coinfront withdrawal requested: {{amount}} {{currency}}',
    approvedSubject: 'Coinfront withdrawal approved: {{amount}} {{currency}}',
    rejectedSubject: 'Coinfront withdrawal rejected: {{amount}} {{currency}}',
    requestedOpening: 'A withdrawal from your Coinfront account was requested.',
    approvedOpening: 'A withdrawal from your Coinfront account was approved.',
    rejectedOpening: 'A withdrawal from your Coinfront account was rejected.',
    amount: 'Amount: {{value}}',
    fee: 'Fee: {{value}}',
    arrives: 'Arrives: {{value}}',
    address: 'Address: {{value}}',
    status: 'Status: {{value}}',
    reason: 'Reason: {{value}}',
    reference: 'Reference: {{value}}',
    requestedStatus: 'pending review',
    approvedStatus: 'approved and sent',
    rejectedStatus: 'rejected; the amount is back in your funding wallet',
    notYou:
      "If this wasn't you, change your login password and transaction password at once, turn on two-factor authentication in the Safety Center, and contact support so staff can stop the withdrawal.",
  },
  /** The mails of a lock started by wrong tries (security/lockouts.ts; docs/security.md "## Locks"). */
  lockMail: {
    signInSubject: 'Coinfront sign-in locked',
    withdrawalSubject: 'Coinfront withdrawals locked',
    wrongPasswords:
      '{{limit}} wrong passwords were entered for your Coinfront account within {{minutes}} minutes, so sign-in is locked until {{until}}.',
    wrongSignInCodes:
      '{{limit}} wrong two-factor codes were entered after the right password for your Coinfront account within {{minutes}} minutes, so sign-in is locked until {{until}}.',
    wrongCodes:
      '{{limit}} wrong transaction passwords or two-factor codes were entered for your Coinfront account within {{minutes}} minutes, so withdrawals are locked until {{until}}.',
    ifYou: 'If this was you, wait until then and try again.',
    notYou:
      "If this wasn't you, someone may be trying to get into your account: once the lock ends, change your login password and transaction password, turn on two-factor authentication in the Safety Center, and contact support.",
    notYouKnowsPassword:
      'If this wasn\'t you, someone knows your login password: change your login password now (in the Safety Center on a device where you are still signed in, or with "Forgot password" on the login page), check Sessions and devices in the Safety Center, and contact support.',
  },
} as const);

/** `text` with each `{{name}}` replaced by params[name] (a missing one stays as it is). */
export const fillText = (text: string, params: Readonly<Record<string, string>> = {}): string =>
  text.replace(/\{\{\s*(\w+)\s*\}\}/g, (placeholder, name: string) => params[name] ?? placeholder);

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
  /** English, as written when the event committed: shown when the web has no text for the kind. */
  title: z.string(),
  body: z.string(),
  /** The values of the kind's texts (NOTIFICATIONS_MSG.kinds): amounts, coins, a reason; null on older rows. */
  params: z.record(z.string(), z.string()).nullable(),
  created_at: z.string(),
  read: z.boolean(),
  /** The page it is about (notificationTarget): the withdrawal, the chat, the position; null when none. */
  target: z.string().nullable().optional(),
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

// ---- POST /api-v1/user/language/ ----

const LANGUAGE_CODES = LANGUAGES.map((l) => l.code) as [
  (typeof LANGUAGES)[number]['code'],
  ...(typeof LANGUAGES)[number]['code'][],
];

/** The language picked on Home, so the server writes the user's mails in it (users.language). */
export const languageBody = z.object({
  language: z.enum(LANGUAGE_CODES, { error: NOTIFICATIONS_MSG.invalidLanguage }),
});
export type LanguageBody = z.infer<typeof languageBody>;

export const languageAnswer = z.object({ message: z.string(), language: z.enum(LANGUAGE_CODES) });

// ---- the push (notifications@user.<id>, shared/api/streams.ts) ----

/** The first page as GET answers it: the badge and the list replace theirs with each frame. */
export type NotificationsEvent = { e: 'notifications' } & NotificationsPage;

// ---- the texts of each kind (written by the server when the event commits) ----

const camel = (kind: string) => kind.replace(/_(\w)/g, (_, c: string) => c.toUpperCase());

/**
 * Where a notification's title and body are in NOTIFICATIONS_MSG.kinds, from its kind and params:
 * `kinds.<kind>.title`, and the body's key, or null when the body is params.text (a staff member's
 * own words, never translated). Null for a kind without texts there (a bonus: BONUS_MSG).
 */
export function notificationTextKeys(
  kind: string,
  params: Readonly<Record<string, string>>,
): { title: string; body: string | null } | null {
  const key = camel(kind);
  if (!Object.hasOwn(NOTIFICATIONS_MSG.kinds, key)) return null;
  const texts = NOTIFICATIONS_MSG.kinds[key as keyof typeof NOTIFICATIONS_MSG.kinds];
  let body: string | null = 'body';
  if ('move' in texts) body = params.condition === 'move' || params.condition === 'below' ? params.condition : 'above';
  else if ('long' in texts) body = params.side === 'short' ? 'short' : 'long';
  else if ('withReason' in texts) body = params.reason ? 'withReason' : 'body';
  else if ('image' in texts) body = params.text ? null : 'image';
  return { title: `kinds.${key}.title`, body: body && `kinds.${key}.${body}` };
}

/**
 * A notification's title and body in the language `text` reads (a code's text under NOTIFICATIONS_MSG,
 * `kinds.depositApproved.title`, or undefined when it has none), its params filled in; null when its
 * kind has no texts in the table.
 */
export function notificationTexts(
  kind: string,
  params: Readonly<Record<string, string>>,
  text: (key: string) => string | undefined,
): { title: string; body: string } | null {
  const keys = notificationTextKeys(kind, params);
  if (!keys) return null;
  const title = text(keys.title);
  const body = keys.body === null ? params.text : text(keys.body);
  if (title === undefined || body === undefined) return null;
  return { title: fillText(title, params), body: keys.body === null ? body : fillText(body, params) };
}

/** The English text of a key under NOTIFICATIONS_MSG (`kinds.depositApproved.title`). */
export function englishNotificationText(key: string): string | undefined {
  let node: unknown = NOTIFICATIONS_MSG;
  for (const part of key.split('.')) node = (node as Record<string, unknown> | undefined)?.[part];
  return typeof node === 'string' ? node : undefined;
}

/** A new notification: its English title and body (the fallback, and what older readers show) and params. */
function english(kind: string, params: Record<string, string>) {
  const texts = notificationTexts(kind, params, englishNotificationText);
  return { title: texts?.title ?? '', body: texts?.body ?? '', params };
}

const side = (tradeType: string) => (tradeType === 'sell' ? 'short' : 'long');
const trade = (kind: string, t: TradeFacts) =>
  english(kind, {
    coin: t.coin,
    side: side(t.tradeType),
    hands: t.hands,
    id: String(t.id),
    price: t.price,
    profitLoss: t.profitLoss,
  });

/** A staff decision on a deposit or withdrawal: its id (the link opens it) and staff's reason for a Reject. */
interface Decision {
  amount: string;
  currency: string;
  transactionId: number;
  reason?: string | null;
}
const decision = (kind: string, d: Decision) =>
  english(kind, {
    amount: d.amount,
    currency: d.currency,
    transaction_id: String(d.transactionId),
    ...(d.reason ? { reason: d.reason } : {}),
  });

/** Title, body and params of each event's notification: short, amounts with their currency. */
export const NOTIFICATION_TEXT = {
  depositApproved: (d: Decision) => decision('deposit_approved', d),
  depositRejected: (d: Decision) => decision('deposit_rejected', d),
  withdrawalApproved: (d: Decision) => decision('withdrawal_approved', d),
  withdrawalRejected: (d: Decision) => decision('withdrawal_rejected', d),
  tradeLiquidated: (t: TradeFacts) => trade('trade_liquidated', t),
  tradeTakeProfit: (t: TradeFacts) => trade('trade_take_profit', t),
  tradeStopLoss: (t: TradeFacts) => trade('trade_stop_loss', t),
  identityApproved: () => english('identity_approved', {}),
  identityRejected: (reason: string | null) => english('identity_rejected', reason ? { reason } : {}),
  passkeyAdded: (name: string) => english('passkey_added', { name }),
  passkeyRemoved: (name: string) => english('passkey_removed', { name }),
  twoFactorEnabled: () => english('two_factor_enabled', {}),
  twoFactorDisabled: () => english('two_factor_disabled', {}),
  recoveryCodesRenewed: () => english('recovery_codes_renewed', {}),
  /** A price alert fired at `price` (docs/decisions/0055): the web opens the pair from `symbol`. */
  priceAlert: (a: { symbol: string; pair: string; condition: string; value: string; price: string; change: string }) =>
    english('price_alert', a),
  fiatOrder: (kind: FiatOrderNotice, reference: string, amount: string, currency: string) =>
    english(kind, { reference, amount, currency }),
  earnMatured: (product: string, amount: string, yieldPaid: string, total: string) =>
    english('earn_matured', { product, amount, yield: yieldPaid, total }),
  /** Custody's reserves against the customers' balances, to staff (docs/decisions/0067); shortfall is positive. */
  reserves: (r: {
    short: boolean;
    currency: string;
    network: string;
    reserves: string;
    liabilities: string;
    shortfall: string;
  }) =>
    english(r.short ? 'reserves_short' : 'reserves_covered', {
      currency: r.currency,
      network: r.network,
      reserves: r.reserves,
      liabilities: r.liabilities,
      ...(r.short ? { shortfall: r.shortfall } : {}),
    }),
  /** The staff member's own words are the body (never translated); an image alone has a text. */
  chatReply: (text: string, sessionId: string) =>
    english('chat_reply', {
      ...(text === '' ? {} : { text: text.length > 140 ? `${text.slice(0, 139)}…` : text }),
      // The chat it opens (notificationTarget).
      session_id: sessionId,
    }),
} as const;

/** The notifications of a staff action on a fiat order. */
export type FiatOrderNotice =
  | 'fiat_order_instructions'
  | 'fiat_order_paid'
  | 'fiat_order_completed'
  | 'fiat_order_cancelled';

/** What a trade's notification tells: the price it closed at and its P/L, in USDT. */
export interface TradeFacts {
  id: number;
  coin: string;
  tradeType: string;
  hands: string;
  price: string;
  profitLoss: string;
}

// ---- where a notification leads (docs/decisions/0062-money-screens.md) ----

const positiveIdText = /^[1-9][0-9]{0,15}$/;
const uuidText = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The records screen on `tab` (null: its default, transaction) with record `id` opened
 * (docs/decisions/0068-screens-finish.md); without an id, the tab alone.
 */
function recordIn(tab: 'revoked' | 'closed' | null, id: string | null): string {
  const query = new URLSearchParams({ ...(tab ? { tab } : {}), ...(id ? { record: id } : {}) }).toString();
  return query ? `${PAGE_PATHS.entrustmentHistory}?${query}` : PAGE_PATHS.entrustmentHistory;
}

/**
 * The page a notification is about, from its kind and the params its event wrote: a withdrawal's
 * status screen, the support chat, the closed positions, the verification, the safety screen. Only
 * ids of the notification's own params go into it, and that notification is its owner's alone; the
 * page behind it answers 404 to anyone else. Null when it is about no page.
 */
export function notificationTarget(kind: string, params: Readonly<Record<string, string>> | null): string | null {
  const id = params?.transaction_id;
  const validId = id && positiveIdText.test(id) ? id : null;
  switch (kind) {
    case 'withdrawal_approved':
    case 'withdrawal_rejected':
      return validId ? PAGE_PATHS.withdrawalStatus(validId) : PAGE_PATHS.entrustmentHistory;
    case 'deposit_approved':
      return recordIn(null, validId);
    case 'bonus':
      return PAGE_PATHS.entrustmentHistory;
    case 'deposit_rejected':
      return recordIn('revoked', validId);
    case 'trade_liquidated':
    case 'trade_take_profit':
    case 'trade_stop_loss':
      return recordIn('closed', params?.id && positiveIdText.test(params.id) ? params.id : null);
    case 'chat_reply':
      // Its chat (rows written before the session id was kept open Support, which reopens it).
      return params?.session_id && uuidText.test(params.session_id)
        ? PAGE_PATHS.chat(params.session_id)
        : PAGE_PATHS.support;
    case 'identity_approved':
    case 'identity_rejected':
      return PAGE_PATHS.identityVerification;
    case 'passkey_added':
    case 'passkey_removed':
      return PAGE_PATHS.passkeys;
    case 'two_factor_enabled':
    case 'two_factor_disabled':
    case 'recovery_codes_renewed':
      return PAGE_PATHS.twoFactor;
    case 'price_alert':
      return PAGE_PATHS.priceAlerts;
    case 'fiat_order_instructions':
    case 'fiat_order_paid':
    case 'fiat_order_completed':
    case 'fiat_order_cancelled':
      return PAGE_PATHS.legalCurrency;
    case 'reserves_short':
    case 'reserves_covered':
      return `${PAGE_PATHS.adminDashboard}?view=custody`;
    default:
      return null;
  }
}
