/**
 * Sessions and devices in a real browser (docs/decisions/0023-sessions-and-hygiene.md): the Safety Center lists where the account is
 * signed in, this device marked; "Sign out" ends another session (its token is refused at once) and
 * "Sign out all other sessions" ends the rest.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { SESSIONS_MSG } from '../../src/shared/api/sessions.js';
import type { LoginResponse } from '../../src/shared/api/auth.js';
import type { TestApp } from '../helpers/app.js';
import { call, signUp, type TestUser } from '../helpers/users.js';
import { describeScreenshots, SCHEMES, screenOptions, shot } from './helpers/screenshots.js';
import { webAppSuite } from './helpers/suite.js';
import { expectPath, logInThroughUi } from './helpers/ui.js';

const FIREFOX_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:132.0) Gecko/20100101 Firefox/132.0';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';

/** A sign-in from another device, as the API sees it. */
async function logInFrom(t: TestApp, user: TestUser, userAgent: string, ip: string): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api-v1/login/',
    headers: { 'user-agent': userAgent },
    remoteAddress: ip,
    payload: { email: user.email, password: user.password },
  });
  expect(res.statusCode).toBe(200);
  return res.json<LoginResponse>().access;
}

async function openSessions(page: Page) {
  await page.goto('/safety-center');
  await page.getByRole('link', { name: new RegExp(SESSIONS_MSG.title) }).click();
  await expectPath(page, '/safety/sessions');
  return page.getByRole('list', { name: SESSIONS_MSG.title });
}

describe('sessions and devices', () => {
  const suite = webAppSuite();

  it('lists the sessions with this device marked, signs out another one, then all the others', async () => {
    const user = await signUp(suite.app);
    const laptop = await logInFrom(suite.app, user, FIREFOX_WINDOWS, '198.51.100.20');
    const { page, context, errors } = await suite.phone();
    await logInThroughUi(page, user);

    const list = await openSessions(page);
    const rows = list.getByTestId('session');
    await expect.poll(() => rows.count()).toBe(3);
    const current = list.locator('[data-current]');
    await current.getByText(SESSIONS_MSG.thisDevice).waitFor();
    expect(await current.getByRole('button', { name: SESSIONS_MSG.signOut }).count()).toBe(0);
    const firefox = rows.filter({ hasText: 'Firefox on Windows' });
    await firefox.getByText('198.51.100.20').waitFor();

    await firefox.getByRole('button', { name: SESSIONS_MSG.signOut }).click();
    await page.getByText(SESSIONS_MSG.ended).waitFor();
    await expect.poll(() => rows.count()).toBe(2);
    expect(await rows.filter({ hasText: 'Firefox on Windows' }).count()).toBe(0);
    // That device's token is refused at once.
    expect((await call(suite.app, 'GET', '/api-v1/info/', { token: laptop })).status).toBe(401);
    expect((await call(suite.app, 'GET', '/api-v1/info/', { token: user.token })).status).toBe(200);

    await page.getByRole('button', { name: SESSIONS_MSG.signOutOthers }).click();
    await page.getByText(SESSIONS_MSG.othersEnded).waitFor();
    await expect.poll(() => rows.count()).toBe(1);
    await page.getByText(SESSIONS_MSG.noOthers).waitFor();
    expect((await call(suite.app, 'GET', '/api-v1/info/', { token: user.token })).status).toBe(401);
    // This device is still signed in.
    await page.reload();
    await expect.poll(() => rows.count()).toBe(1);
    await expectPath(page, '/safety/sessions');
    expect(errors).toEqual([]);
    await context.close();
  });
});

describeScreenshots('sessions and devices screenshots', (suite) => {
  it.each(SCHEMES)('the sessions page (%s)', async (scheme) => {
    const user = await signUp(suite.app);
    await logInFrom(suite.app, user, FIREFOX_WINDOWS, '198.51.100.20');
    await logInFrom(suite.app, user, SAFARI_IPHONE, '203.0.113.45');
    const { page, context } = await suite.phone(screenOptions(scheme));
    await logInThroughUi(page, user);
    const list = await openSessions(page);
    await expect.poll(() => list.getByTestId('session').count()).toBe(4);
    await shot(page, `safety-sessions-${scheme}`);
    await context.close();
  });
});
