/**
 * Trades under concurrency (docs/architecture.md section 5): margins come out of one lever balance,
 * so however many opens and transfers arrive at once, exactly what the balance affords goes
 * through, the rest is refused as insufficient, the balance never goes below 0 and the ledger adds up.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../src/shared/messages.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { createFakeMarket } from '../helpers/fake-market.js';
import { balanceOf, expectLedgerBalanced } from '../helpers/money.js';
import { activeTradesOf, finishAllTrades, leverTrader, openTrade } from '../helpers/trades.js';
import { call } from '../helpers/users.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ market: createFakeMarket() });
});
afterEach(() => finishAllTrades(t));
afterAll(() => t.close());

// 0.1 BTC at 60000 with 100x leverage: a margin of 60 USDT each.
const MARGIN = 60;

describe('opening trades in parallel', () => {
  it('opens exactly as many as the lever balance affords, each with its own idempotency key', async () => {
    const trader = await leverTrader(t, '1000'); // 16 margins of 60 fit, a 17th does not
    const answers = await Promise.all(
      Array.from({ length: 24 }, (_, i) => openTrade(t, trader, {}, { 'idempotency-key': `parallel-open-${i}` })),
    );

    const opened = answers.filter((a) => a.status === 201);
    const refused = answers.filter((a) => a.status !== 201);
    expect(opened).toHaveLength(16);
    for (const answer of refused) {
      expect(answer.status).toBe(400);
      expect((answer.body as unknown as { error: string }).error).toMatch(
        /^Insufficient margin: this trade needs 60 USDT/,
      );
    }
    expect(new Set(opened.map((a) => a.body.trade.trade_id)).size).toBe(16);
    expect(await activeTradesOf(t, trader)).toHaveLength(16);
    expect(await balanceOf(t, trader, 'lever', 'USDT')).toBe('40');
    await expectLedgerBalanced(t);
  });

  it('never lets opens and transfers out of the lever wallet spend the same USDT twice', async () => {
    const trader = await leverTrader(t, '300');
    const opens = Array.from({ length: 5 }, (_, i) =>
      openTrade(t, trader, {}, { 'idempotency-key': `race-open-${i}` }).then((a) => ({ kind: 'open' as const, ...a })),
    );
    const transfers = Array.from({ length: 3 }, (_, i) =>
      call(t, 'POST', '/api-v1/transfer-to-wallet/', {
        token: trader.token,
        body: { transfer_from: 'lever', transfer_to: 'funding', currency: 'USDT', amount: '100' },
        headers: { 'idempotency-key': `race-transfer-${i}` },
      }).then((a) => ({ kind: 'transfer' as const, ...a })),
    );
    // Interleave them so both kinds start together.
    const answers = await Promise.all([
      opens[0]!,
      transfers[0]!,
      opens[1]!,
      transfers[1]!,
      opens[2]!,
      transfers[2]!,
      ...opens.slice(3),
    ]);

    const opened = answers.filter((a) => a.kind === 'open' && a.status === 201).length;
    const moved = answers.filter((a) => a.kind === 'transfer' && a.status === 201).length;
    for (const a of answers.filter((x) => x.status !== 201)) {
      expect(a.status).toBe(400);
      expect(a.body.error).toMatch(
        a.kind === 'open' ? /^Insufficient margin/ : new RegExp(`^${MSG.transferExceedsBalance}$`),
      );
    }
    const spent = opened * MARGIN + moved * 100;
    expect(spent).toBeLessThanOrEqual(300);
    // Serial in any order, a refused open saw less than a margin left: so unless every open went through, less than 60 is left.
    expect(300 - spent).toBeLessThan(MARGIN);
    expect(await balanceOf(t, trader, 'lever', 'USDT')).toBe(String(300 - spent));
    expect(await balanceOf(t, trader, 'funding', 'USDT')).toBe(String(moved * 100));
    expect(await activeTradesOf(t, trader)).toHaveLength(opened);
    await expectLedgerBalanced(t);
  });
});
