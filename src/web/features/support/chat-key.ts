/**
 * The staff chat list is keyed by a JSON string of {user_id, username} (docs/product.md section 3). These
 * turn a key into what a card and the chat header show, and the list into cards.
 */
import { parseChatKey, type ChatMessage, type LatestMessagesResponse } from '../../../shared/api/support';
import { i18n } from '../../lib/i18n';

/** The username, else 'User {id}' (in the language shown); a key that is not ours is shown as it is rather than hidden. */
export function chatTitle(key: string): string {
  const parsed = parseChatKey(key);
  if (!parsed) return key;
  return parsed.username.trim() || i18n.t('support.admin.user', { id: parsed.user_id });
}

/** The open chat of this key's user in the list: keys are matched on the user id, the name may have changed. */
export function findChat(
  chats: LatestMessagesResponse | undefined,
  key: string,
): { key: string; messages: ChatMessage[] } | null {
  if (!chats) return null;
  if (chats[key]) return { key, messages: chats[key] };
  const wanted = parseChatKey(key);
  if (!wanted) return null;
  for (const [other, messages] of Object.entries(chats)) {
    if (parseChatKey(other)?.user_id === wanted.user_id) return { key: other, messages };
  }
  return null;
}

export interface ChatCard {
  key: string;
  title: string;
  messageCount: number;
  /** When the conversation started: the time of its first message. */
  startedAt: string | null;
  preview: string;
}

const previewOf = (message: ChatMessage | undefined) =>
  !message ? '' : message.text.trim() || (message.image_url ? i18n.t('support.image.label') : '');

/** One card per chat, in the server's order (most recently active first). */
export function chatCards(chats: LatestMessagesResponse): ChatCard[] {
  return Object.entries(chats).map(([key, messages]) => ({
    key,
    title: chatTitle(key),
    messageCount: messages.length,
    startedAt: messages[0]?.timestamp ?? null,
    preview: previewOf(messages.at(-1)),
  }));
}
