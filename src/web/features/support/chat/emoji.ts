/**
 * The emoji picker's set, curated for a support chat (a full emoji library is hundreds of kB for
 * little gain), and its recent list: newest first, at most 14 (docs/product.md section 9), kept in local
 * storage.
 */
import { EMOJI_PICKER } from '../../../../shared/constants';
import { STORAGE_KEYS, readItem, writeItem } from '../../../lib/storage';

export const EMOJI_GROUPS: ReadonlyArray<{ name: string; emoji: readonly string[] }> = [
  {
    name: 'Smileys',
    emoji: [
      '😀',
      '😃',
      '😄',
      '😁',
      '😆',
      '😅',
      '😂',
      '🙂',
      '😉',
      '😊',
      '😇',
      '🥰',
      '😍',
      '😘',
      '😋',
      '😜',
      '🤗',
      '🤔',
      '🤨',
      '😐',
      '🙄',
      '😏',
      '😬',
      '😌',
      '😔',
      '😴',
      '😎',
      '🤓',
      '😕',
      '😟',
      '🙁',
      '😮',
      '😲',
      '😳',
      '🥺',
      '😢',
      '😭',
      '😤',
      '😠',
      '😡',
      '🤯',
      '😱',
      '😰',
      '😓',
      '🤐',
      '😷',
      '🤒',
      '🥳',
    ],
  },
  {
    name: 'Gestures',
    emoji: ['👍', '👎', '👌', '✌️', '🤞', '🤙', '👋', '👏', '🙌', '🙏', '💪', '🤝', '✋', '👉', '👈', '☝️', '👀', '✍️'],
  },
  {
    name: 'Symbols',
    emoji: [
      '❤️',
      '🧡',
      '💛',
      '💚',
      '💙',
      '💜',
      '🖤',
      '💔',
      '✨',
      '⭐',
      '🔥',
      '💯',
      '✅',
      '❌',
      '⚠️',
      '❓',
      '❗',
      '🎉',
      '🎁',
      '🏆',
    ],
  },
  {
    name: 'Money and devices',
    emoji: ['💰', '💵', '💸', '🪙', '💳', '🏦', '📈', '📉', '📊', '💹', '🚀', '🔒', '🔑', '📱', '💻', '📧', '📎', '⏰'],
  },
];

/** `emoji` first, without repeats, capped at the picker's limit. */
export function withRecent(recent: readonly string[], emoji: string, max: number = EMOJI_PICKER.recentMax): string[] {
  return [emoji, ...recent.filter((e) => e !== emoji)].slice(0, max);
}

/** The stored list; anything unreadable counts as none. */
export function readRecentEmoji(): string[] {
  const raw = readItem(STORAGE_KEYS.emojiRecents);
  if (!raw) return [];
  try {
    const value: unknown = JSON.parse(raw);
    if (!Array.isArray(value)) return [];
    return value.filter((e): e is string => typeof e === 'string' && e !== '').slice(0, EMOJI_PICKER.recentMax);
  } catch {
    return [];
  }
}

export function rememberEmoji(emoji: string): string[] {
  const next = withRecent(readRecentEmoji(), emoji);
  writeItem(STORAGE_KEYS.emojiRecents, JSON.stringify(next));
  return next;
}
