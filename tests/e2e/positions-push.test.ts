/**
 * The Lever screen in a real browser follows the positions pushed over its one stream socket
 * (docs/decisions/0027-positions-push.md): a position's P/L moves with the price while the page asks
 * get-active-trades nothing, and the 1 s poll comes back when the socket is gone.
 */
import type { Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { createFakeMarket } from '../helpers/fake-market.js';
import { grant } from '../helpers/money.js';
import { finishAllTrades, openedTradeId } from '../helpers/trades.js';
import { signUp } from '../helpers/users.js';
import { webAppSuite } from './helpers/suite.js';
import { storeSession } from './helpers/ui.js';

const market = createFakeMarket({ USDT: '1', BTC: '60000', ETH: '3000', USDO: '1' });
const suite = webAppSuite({ market });
afterEach(async () => {
  await finishAllTrades(suite.app);
  market.set('BTC', '60000');
});

const row = (page: Page) =>
  page.getByRole('list', { name: 'Positions' }).getByRole('listitem', { name: /BTC\/USDT long 0\.1 hands/ });
/** Waits past the current second of the server's clock, so the next move is pushed at once. */
const nextSecond = () => new Promise((resolve) => setTimeout(resolve, 1_000 - (Date.now() % 1_000) + 20));

describe('the Lever screen with positions pushed', () => {
  it("shows a position's P/L changing with no get-active-trades request while the socket is up", async () => {
    const user = await signUp(suite.app);
    await grant(suite.app, user, 'lever', 'USDT', '500');
    await openedTradeId(suite.app, user); // 0.1 BTC long at 60000, 100x
    const { page, context, errors } = await suite.phone();
    const polls: string[] = [];
    // On the context: once the service worker controls the page, the page's fetches go out as its.
    context.on('request', (request) => {
      if (request.url().includes('/api-v1/get-active-trades/')) polls.push(request.url());
    });
    const pushed: string[] = [];
    page.on('websocket', (socket) =>
      socket.on('framereceived', ({ payload }) => {
        if (String(payload).includes('"positions@user.')) pushed.push(String(payload));
      }),
    );
    await storeSession(page, user.login);
    await page.goto('/lever');
    await row(page).getByText('0.00', { exact: true }).waitFor();
    // The stream's first frame (the state on subscribing) makes the push live.
    await expect.poll(() => pushed.length, { timeout: 10_000 }).toBeGreaterThan(0);

    const before = polls.length;
    for (const [price, shown] of [
      ['60150', '+15.00'],
      ['59925.5', '-7.45'],
      ['60321', '+32.10'],
    ] as const) {
      await nextSecond();
      market.set('BTC', price);
      await row(page).getByText(shown, { exact: true }).waitFor({ timeout: 5_000 });
    }
    // A quiet price (nothing pushed) for 2.5 s: still not one poll of the list, which the screen
    // polled every second before (each push restarts a poll's interval, so only a quiet spell shows it).
    await page.waitForTimeout(2_500);
    expect(polls.length).toBe(before);
    expect(pushed.length).toBeGreaterThanOrEqual(4);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('polls get-active-trades every second again while the stream socket is refused', async () => {
    const user = await signUp(suite.app);
    await grant(suite.app, user, 'lever', 'USDT', '500');
    await openedTradeId(suite.app, user);
    const { page, context } = await suite.phone();
    // Every stream socket is closed at once: no push, so the screen falls back to the poll.
    await page.routeWebSocket(/\/(ws|stream)\b/, (socket) => socket.close());
    const polls: number[] = [];
    context.on('request', (request) => {
      if (request.url().includes('/api-v1/get-active-trades/')) polls.push(Date.now());
    });
    await storeSession(page, user.login);
    await page.goto('/lever');
    await row(page).getByText('0.00', { exact: true }).waitFor();
    const before = polls.length;
    market.set('BTC', '60150');
    await row(page).getByText('+15.00', { exact: true }).waitFor({ timeout: 5_000 });
    await page.waitForTimeout(2_500);
    expect(polls.length - before).toBeGreaterThanOrEqual(2);
    await context.close();
  });
});
