/** Support: the FAQ bot and the chat between a user and staff (docs/product.md 3 "Chat message", 7 "Chat and support"). */
import { z } from 'zod';
import { MSG } from '../messages.js';
import { idParam, STAFF_PAGE_SIZE, staffPageLimit } from './common.js';
import { defineMessages } from '../message.js';

/** The server's own texts of the chat that are not MSG's (each has a code: shared/message-codes.ts). */
export const SUPPORT_MSG = defineMessages('support', {
  invalidMessage: 'Invalid message',
  /** The name of a chat whose user is gone. */
  unknownUser: (userId: string) => `User ${userId}`,
  /** A chat holds at most CHAT_SESSION_MAX_MESSAGES (docs/decisions/0050). */
  chatFull: (max: string) =>
    `This chat has reached its limit of ${max} messages. Support will end it, then you can start a new chat.`,
} as const);

// --- FAQ ---------------------------------------------------------------------------------------

/** The six FAQ buttons of /support; the bot matches these questions exactly, then by keywords. */
export const FAQ_TOPICS = [
  { topic: 'recharge_address', question: 'Platform recharge address' },
  { topic: 'balance', question: 'Where is my balance?' },
  { topic: 'manual_service', question: 'Transfer to manual service' },
  { topic: 'withdraw_recharge', question: 'Withdraw and recharge' },
  { topic: 'forgot_password', question: 'Forgotten password/mailbox' },
  { topic: 'frozen_balance', question: 'Frozen balance cannot transfer' },
] as const;
export type FaqTopic = (typeof FAQ_TOPICS)[number]['topic'];

const QUESTION_MAX = 500;

export const questionBody = z.object({
  question: z
    .string({ error: MSG.questionRequired })
    .trim()
    .min(1, { error: MSG.questionRequired })
    .max(QUESTION_MAX, { error: `Question must be at most ${QUESTION_MAX} characters` }),
});

/** POST /api-v2/question-answer/: the best answer, or an empty list when nothing matches. */
export const faqAnswerResponse = z.object({
  answers: z.array(z.object({ answer: z.string(), topic: z.string().optional() })),
});
export type FaqAnswerResponse = z.infer<typeof faqAnswerResponse>;

/**
 * One question a user put to the bot and what it answered (null: nothing matched), in the language
 * it was answered in (docs/decisions/0064-staff-desk-and-language-fit.md).
 */
export const botExchange = z.object({
  id: z.number(),
  question: z.string(),
  answer: z.string().nullable(),
  topic: z.string().nullable(),
  timestamp: z.string(),
});
export type BotExchange = z.infer<typeof botExchange>;

/** GET /api-v2/support/bot-conversation/?user_id= (staff): the user's newest exchanges with the bot, oldest first. */
export const botConversationQuery = z.object({ user_id: idParam });
export const botConversationResponse = z.object({ exchanges: z.array(botExchange) });
export type BotConversationResponse = z.infer<typeof botConversationResponse>;

export const DEPOSIT_NETWORKS = ['ERC20', 'TRC20', 'BTC'] as const;
export type DepositNetwork = (typeof DEPOSIT_NETWORKS)[number];

/** The 'ERC20: <address>' lines of a recharge-address answer, for the rows with a copy button. */
export function depositAddressLines(answer: string): { network: DepositNetwork; address: string }[] {
  const rows: { network: DepositNetwork; address: string }[] = [];
  for (const line of answer.split('\n')) {
    const match = /^\s*(ERC20|TRC20|BTC):\s*(\S+)\s*$/.exec(line);
    if (match) rows.push({ network: match[1] as DepositNetwork, address: match[2]! });
  }
  return rows;
}

// --- Chat --------------------------------------------------------------------------------------

export const CHAT_TEXT_MAX = 2000;

const sessionId = z.uuid({ error: 'Invalid chat session id' });

/** POST /api-v2/chats/ (201 when opened, 200 when the open one is returned) */
export const chatSessionResponse = z.object({ session_id: z.string() });

/** GET /api-v2/chats/{session_id}/: whether the chat is still open, and whose it is. */
export const chatSessionDetails = z.object({
  session_id: z.string(),
  status: z.enum(['open', 'closed']),
  user_id: z.number(),
  username: z.string(),
  created_at: z.string(),
  closed_at: z.string().nullable(),
});
export type ChatSessionDetails = z.infer<typeof chatSessionDetails>;

export const chatSessionParams = z.object({ session_id: sessionId });

/** Messages a chat page holds by default: the newest, and the staff list's messages per chat (docs/decisions/0050). */
export const CHAT_PAGE_SIZE = STAFF_PAGE_SIZE;
/** Messages one chat may hold; the next is refused with SUPPORT_MSG.chatFull (docs/decisions/0050). */
export const CHAT_SESSION_MAX_MESSAGES = 5000;

/**
 * GET /api-v2/messages/?session_id=: one page of the chat, oldest first: its newest `limit` messages
 * (CHAT_PAGE_SIZE unless told, at most STAFF_PAGE_MAX), or with `before` (a message id) the `limit`
 * messages just before it, for "load earlier". A page shorter than `limit` is the chat's start.
 */
export const messagesQuery = z.object({ session_id: sessionId, before: idParam.optional(), limit: staffPageLimit });
export type MessagesQuery = z.infer<typeof messagesQuery>;

/** Text fields of POST /api-v2/messages/ (multipart, with an optional `image` file; or JSON without one). */
export const sendMessageFields = z.object({
  session_id: sessionId,
  text: z
    .string()
    .max(CHAT_TEXT_MAX * 2)
    .optional()
    .transform((v) => (v ?? '').trim())
    .refine((v) => v.length <= CHAT_TEXT_MAX, { error: `Message must be at most ${CHAT_TEXT_MAX} characters` }),
});
export type SendMessageFields = z.infer<typeof sendMessageFields>;
export const CHAT_IMAGE_FIELD = 'image';

/** A chat message. `text` is plain text: show it as text, never as HTML. `image_url` is signed and expires. */
export const chatMessage = z.object({
  id: z.number(),
  session: z.string(),
  text: z.string(),
  image_url: z.string().nullable(),
  timestamp: z.string(),
  is_staff: z.boolean(),
  sender: z.number(),
  sender_username: z.string(),
});
export type ChatMessage = z.infer<typeof chatMessage>;
export const chatMessagesResponse = z.array(chatMessage);

/**
 * GET /api-v2/support/latest-messages/ (staff): open chats with at least one message, keyed by
 * a JSON string of {user_id, username}, each with its newest CHAT_PAGE_SIZE messages, oldest first
 * (the whole conversation pages through GET /api-v2/messages/).
 */
export const latestMessagesResponse = z.record(z.string(), z.array(chatMessage));
/**
 * A page of the staff's open chats, the most recently active first (docs/decisions/0020): at most
 * `limit` chats whose last message is older than `before`, the id of the last message of the last
 * chat seen. A full page may have a next one.
 */
export const latestMessagesQuery = z.object({ before: idParam.optional(), limit: staffPageLimit });
export type LatestMessagesQuery = z.infer<typeof latestMessagesQuery>;
export type LatestMessagesResponse = z.infer<typeof latestMessagesResponse>;

export interface ChatKey {
  user_id: number;
  username: string;
}
export const chatKeyOf = (key: ChatKey) => JSON.stringify({ user_id: key.user_id, username: key.username });
export function parseChatKey(key: string): ChatKey | null {
  try {
    const value: unknown = JSON.parse(key);
    const parsed = z.object({ user_id: z.number(), username: z.string() }).safeParse(value);
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export const closeChatBody = z.object({ session_id: sessionId });
export const closeChatResponse = z.object({ message: z.string(), session_id: z.string() });

/** WebSocket topics of the chat push (after a LOGIN frame carrying the access token). */
export const CHAT_STREAMS = {
  user: (userId: number) => `chat@user.${userId}`,
  staff: 'chat@staff',
} as const;

export type ChatStreamEvent = { e: 'chatMessage'; message: ChatMessage } | { e: 'chatClosed'; session_id: string };
