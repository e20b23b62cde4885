/** The emoji picker's recent list: newest first, no repeats, at most 14, kept in local storage. */
import { afterEach, describe, expect, it } from 'vitest';
import { EMOJI_PICKER } from '../../../../shared/constants';
import { EMOJI_GROUPS, readRecentEmoji, rememberEmoji, withRecent } from './emoji';

afterEach(() => localStorage.clear());

describe('the recent list', () => {
  it('puts the latest pick first and moves a repeat to the front', () => {
    expect(withRecent([], '😀')).toEqual(['😀']);
    expect(withRecent(['😀', '👍'], '🙏')).toEqual(['🙏', '😀', '👍']);
    expect(withRecent(['😀', '👍', '🙏'], '👍')).toEqual(['👍', '😀', '🙏']);
  });

  it('keeps at most 14, dropping the oldest', () => {
    expect(EMOJI_PICKER.recentMax).toBe(14);
    const all = EMOJI_GROUPS.flatMap((g) => g.emoji);
    let recent: string[] = [];
    for (const emoji of all.slice(0, 20)) recent = withRecent(recent, emoji);
    expect(recent).toHaveLength(14);
    expect(recent[0]).toBe(all[19]);
    expect(recent).not.toContain(all[5]);
  });

  it('is remembered across visits in local storage', () => {
    rememberEmoji('👍');
    rememberEmoji('😀');
    expect(JSON.parse(localStorage.getItem('emojiRecents')!)).toEqual(['😀', '👍']);
    expect(readRecentEmoji()).toEqual(['😀', '👍']);
  });

  it('treats a damaged stored list as empty, or keeps only its usable part', () => {
    localStorage.setItem('emojiRecents', '{oops');
    expect(readRecentEmoji()).toEqual([]);
    localStorage.setItem('emojiRecents', JSON.stringify({ a: 1 }));
    expect(readRecentEmoji()).toEqual([]);
    localStorage.setItem('emojiRecents', JSON.stringify(['👍', 3, '', null, '😀', ...Array(20).fill('🙏')]));
    expect(readRecentEmoji()).toEqual(['👍', '😀', ...Array(12).fill('🙏')]);
  });

  it('has no emoji twice in the set (each is a button keyed by itself)', () => {
    const all = EMOJI_GROUPS.flatMap((g) => g.emoji);
    expect(new Set(all).size).toBe(all.length);
  });
});
