/** The Sessions and devices screen against a faked API (docs/decisions/0023-sessions-and-hygiene.md). */
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { installFakeApi, renderScreen, type FakeApi, resetScreenTest } from '../../../../tests/helpers/fake-web-api';
import type { SessionInfo } from '../../../shared/api/sessions';
import { SESSIONS_MSG } from '../../../shared/messages';
import { SessionsPage } from './SessionsPage';

const AT = '2026-11-24T05:00:00.000Z';
const session = (id: string, device: string, ip: string, current = false): SessionInfo => ({
  session_id: id,
  current,
  device,
  ip,
  created_at: AT,
  last_seen_at: AT,
});
const HERE = session('11111111-1111-4111-8111-111111111111', 'Safari on iOS', '203.0.113.7', true);
const LAPTOP = session('22222222-2222-4222-8222-222222222222', 'Firefox on Windows', '198.51.100.20');
const TABLET = session('33333333-3333-4333-8333-333333333333', 'Chrome on Android', '198.51.100.21');

let api: FakeApi;
beforeEach(() => {
  api = installFakeApi();
  localStorage.setItem('token', 'a.token');
});
afterEach(resetScreenTest);

const show = () => renderScreen(<SessionsPage />, { path: '/safety/sessions' });

describe('sessions and devices', () => {
  it('marks this device, offers Sign out only on the others, and ends the one asked for', async () => {
    let live = [HERE, LAPTOP, TABLET];
    api.on('GET /api-v1/sessions/', () => [200, live]);
    api.on(`DELETE /api-v1/sessions/${LAPTOP.session_id}/`, () => {
      live = live.filter((s) => s !== LAPTOP);
      return [200, { message: SESSIONS_MSG.ended }];
    });
    show();
    const list = await screen.findByRole('list', { name: SESSIONS_MSG.title });
    const rows = within(list).getAllByRole('listitem');
    expect(rows).toHaveLength(3);
    expect(within(rows[0]!).getByText(SESSIONS_MSG.thisDevice)).toBeTruthy();
    expect(within(rows[0]!).queryByRole('button')).toBeNull();

    fireEvent.click(within(rows[1]!).getByRole('button', { name: /Sign out Firefox on Windows/ }));
    await screen.findByText(SESSIONS_MSG.ended);
    expect(api.callsTo(`DELETE /api-v1/sessions/${LAPTOP.session_id}/`)).toHaveLength(1);
    expect(api.callsTo(`DELETE /api-v1/sessions/${TABLET.session_id}/`)).toHaveLength(0);
    await screen.findByText('Chrome on Android');
    expect(screen.queryByText('Firefox on Windows')).toBeNull();
  });

  it('signs out all the others in one request, then says none are left', async () => {
    let live = [HERE, LAPTOP, TABLET];
    api.on('GET /api-v1/sessions/', () => [200, live]);
    api.on('POST /api-v1/sessions/revoke-others/', () => {
      live = [HERE];
      return [200, { message: SESSIONS_MSG.othersEnded, ended: 2 }];
    });
    show();
    fireEvent.click(await screen.findByRole('button', { name: SESSIONS_MSG.signOutOthers }));
    await screen.findByText(SESSIONS_MSG.othersEnded);
    await screen.findByText(SESSIONS_MSG.noOthers);
    expect(api.callsTo('POST /api-v1/sessions/revoke-others/')).toHaveLength(1);
    expect(screen.queryByRole('button', { name: SESSIONS_MSG.signOutOthers })).toBeNull();
  });

  it("shows the server's message when a sign-out fails", async () => {
    api.on('GET /api-v1/sessions/', [200, [HERE, LAPTOP]]);
    api.on(`DELETE /api-v1/sessions/${LAPTOP.session_id}/`, [404, { error: SESSIONS_MSG.notFound }]);
    show();
    fireEvent.click(await screen.findByRole('button', { name: /Sign out Firefox/ }));
    expect((await screen.findByRole('alert')).textContent).toBe(SESSIONS_MSG.notFound);
  });
});
