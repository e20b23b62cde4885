/** The staff's open chats load page after page (docs/decisions/0020-abuse-limits.md). */
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApiPerTest, renderScreen } from '../../../../tests/helpers/fake-web-api';
import { STAFF_PAGE_SIZE } from '../../../shared/api/common';
import type { ChatMessage, LatestMessagesResponse } from '../../../shared/api/support';
import { ActiveChatsPanel } from './ActiveChatsPanel';
import { AdminChatPage } from './AdminChatPage';

const api = fakeApiPerTest({ user_id: 1, is_admin: true });

const keyOf = (n: number) => JSON.stringify({ user_id: n, username: `User ${n}` });
const sessionOf = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
/** Chat n's one message has id 1000 - n: chat 1 is the most recently active. */
const chat = (n: number): [string, ChatMessage[]] => [
  keyOf(n),
  [
    {
      id: 1000 - n,
      session: sessionOf(n),
      text: `hello from ${n}`,
      image_url: null,
      timestamp: '2025-03-01T10:00:00.000Z',
      is_staff: false,
      sender: n,
      sender_username: `User ${n}`,
    },
  ],
];
const page = (from: number, n: number): LatestMessagesResponse =>
  Object.fromEntries(Array.from({ length: n }, (_, i) => chat(from + i)));
const route = 'GET /api-v2/support/latest-messages/';
const lastOfFirstPage = 1000 - STAFF_PAGE_SIZE;

describe('open chats in pages', () => {
  it('Load more asks for the chats before the last message of the last chat shown, and adds them after', async () => {
    api.on(`${route}?before=${lastOfFirstPage}`, [200, page(STAFF_PAGE_SIZE + 1, 2)]);
    api.on(route, [200, page(1, STAFF_PAGE_SIZE)]);
    renderScreen(<ActiveChatsPanel />, { path: '/admin/dashboard', url: '/admin/dashboard' });
    await screen.findByText(`hello from ${STAFF_PAGE_SIZE}`);
    expect(screen.queryByText(`hello from ${STAFF_PAGE_SIZE + 1}`)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Load more chats' }));
    await screen.findByText(`hello from ${STAFF_PAGE_SIZE + 2}`);
    const cards = screen.getAllByRole('link');
    expect(cards).toHaveLength(STAFF_PAGE_SIZE + 2);
    expect(cards.at(-1)!.textContent).toContain(`hello from ${STAFF_PAGE_SIZE + 2}`);
    expect(api.callsTo(route).map((c) => c.query.get('before'))).toEqual([null, String(lastOfFirstPage)]);
    expect(screen.queryByRole('button', { name: 'Load more chats' })).toBeNull();
  });

  it('a chat opened by its key is looked up on the next pages when the first does not hold it', async () => {
    const wanted = STAFF_PAGE_SIZE + 2;
    api.on(`${route}?before=${lastOfFirstPage}`, [200, page(STAFF_PAGE_SIZE + 1, 2)]);
    api.on(route, [200, page(1, STAFF_PAGE_SIZE)]);
    api.on(`GET /api-v2/chats/${sessionOf(wanted)}/`, [
      200,
      {
        session_id: sessionOf(wanted),
        status: 'open',
        user_id: wanted,
        username: `User ${wanted}`,
        created_at: '2025-03-01T10:00:00.000Z',
        closed_at: null,
      },
    ]);
    api.on(`GET /api-v2/messages/?session_id=${sessionOf(wanted)}`, [200, chat(wanted)[1]]);
    renderScreen(<AdminChatPage />, {
      path: '/admin/chat/:userId',
      url: `/admin/chat/${encodeURIComponent(keyOf(wanted))}`,
    });
    await screen.findByText(`hello from ${wanted}`);
    expect(api.callsTo(`GET /api-v2/chats/${sessionOf(wanted)}/`).length).toBeGreaterThan(0);
  });
});
