/** The staff chat list's keys (JSON strings of user_id and username) as card titles and cards. */
import { describe, expect, it } from 'vitest';
import type { ChatMessage } from '../../../shared/api/support';
import { chatCards, chatTitle, findChat } from './chat-key';

const key = (user_id: number, username: string) => JSON.stringify({ user_id, username });

const message = (overrides: Partial<ChatMessage>): ChatMessage => ({
  id: 1,
  session: '6f1c1f0e-7d43-4b8e-9f5e-0a4c2b7d9e11',
  text: '',
  image_url: null,
  timestamp: '2025-03-01T10:00:00.000Z',
  is_staff: false,
  sender: 7,
  sender_username: 'Ada Lovelace',
  ...overrides,
});

describe('chatTitle', () => {
  it('is the username, else User {id}', () => {
    expect(chatTitle(key(7, 'Ada Lovelace'))).toBe('Ada Lovelace');
    expect(chatTitle(key(7, ''))).toBe('User 7');
    expect(chatTitle(key(7, '   '))).toBe('User 7');
  });

  it('shows a key that is not JSON of the right shape as it is', () => {
    expect(chatTitle('not json')).toBe('not json');
    expect(chatTitle('{"user_id":"7","username":"x"}')).toBe('{"user_id":"7","username":"x"}');
  });
});

describe('findChat', () => {
  const chats = { [key(7, 'Ada Lovelace')]: [message({ id: 1 })], [key(8, 'Bob')]: [message({ id: 2, sender: 8 })] };

  it('finds the chat by its key, or by the user id when the name changed since', () => {
    expect(findChat(chats, key(8, 'Bob'))?.messages[0]?.id).toBe(2);
    expect(findChat(chats, key(7, 'Ada King'))).toEqual({
      key: key(7, 'Ada Lovelace'),
      messages: chats[key(7, 'Ada Lovelace')],
    });
  });

  it('finds nothing for another user, a bad key, or no list yet', () => {
    expect(findChat(chats, key(9, 'Eve'))).toBeNull();
    expect(findChat(chats, '%%%')).toBeNull();
    expect(findChat(undefined, key(7, 'Ada Lovelace'))).toBeNull();
  });
});

describe('chatCards', () => {
  it('gives each chat its title, message count, start time and latest words, in the list order', () => {
    const cards = chatCards({
      [key(8, '')]: [message({ id: 5, text: 'withdrawal?', timestamp: '2025-03-01T11:00:00.000Z' })],
      [key(7, 'Ada Lovelace')]: [
        message({ id: 1, text: 'hello', timestamp: '2025-03-01T10:00:00.000Z' }),
        message({ id: 2, text: 'Hi Ada', is_staff: true, timestamp: '2025-03-01T10:01:00.000Z' }),
        message({ id: 3, text: '', image_url: '/files/abc.png?exp=1&sig=x', timestamp: '2025-03-01T10:02:00.000Z' }),
      ],
    });
    expect(cards).toEqual([
      {
        key: key(8, ''),
        title: 'User 8',
        messageCount: 1,
        startedAt: '2025-03-01T11:00:00.000Z',
        preview: 'withdrawal?',
      },
      {
        key: key(7, 'Ada Lovelace'),
        title: 'Ada Lovelace',
        messageCount: 3,
        startedAt: '2025-03-01T10:00:00.000Z',
        preview: 'Image',
      },
    ]);
  });
});
