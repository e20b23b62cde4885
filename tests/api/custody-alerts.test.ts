/**
 * The reconciliation job alerts staff (docs/decisions/0067-custody-alerts.md, docs/security.md): against
 * a real anvil chain, customer balances the chain does not hold notify each staff member once, not the
 * customers; a second pass, a restarted job and a second instance at the same moment notify no one
 * again; the recovery notifies once. The notification opens the staff Custody page.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications } from '../../src/server/db/schema.js';
import { custodyChainOf } from '../../src/server/modules/custody/index.js';
import { createReconciler } from '../../src/server/modules/custody/report.js';
import { anotherInstance, createTestApp, type TestApp } from '../helpers/app.js';
import { startTestChain, type TestChain } from '../helpers/anvil.js';
import { expectLedgerBalanced, grant } from '../helpers/money.js';
import { call, createAdmin, signUp, type TestUser } from '../helpers/users.js';

let chain: TestChain;
let t: TestApp;
let staffA: TestUser;
let staffB: TestUser;
let customer: TestUser;

beforeAll(async () => {
  chain = await startTestChain(1);
  t = await createTestApp({ env: chain.env });
  [staffA, staffB, customer] = [await createAdmin(t), await createAdmin(t), await signUp(t)];
}, 60_000);
afterAll(async () => {
  await t?.close();
  await chain?.stop();
});

const reconcile = () => createReconciler(t.ctx, custodyChainOf(t.config)!)();
const alertsOf = async (user: TestUser) =>
  t.db
    .select({ kind: notifications.kind, params: notifications.params, mailedAt: notifications.mailedAt })
    .from(notifications)
    .where(and(eq(notifications.userId, user.id), inArray(notifications.kind, ['reserves_short', 'reserves_covered'])))
    .orderBy(notifications.id);

describe('reserves below the liabilities alert staff (docs/decisions/0067)', () => {
  it('notifies each staff member once per transition, across passes, restarts and instances; never customers', async () => {
    await reconcile(); // nothing owed yet: covered, no one is told
    expect(await alertsOf(staffA)).toEqual([]);

    // Customers are owed 100 USDT the chain does not hold.
    await grant(t, customer, 'funding', 'USDT', '100');
    await reconcile();
    await reconcile(); // the next tick: still short, no second alert
    await createReconciler(t.ctx, custodyChainOf(t.config)!)(); // a restarted job
    for (const admin of [staffA, staffB]) {
      const alerts = await alertsOf(admin);
      expect(alerts.map((a) => a.kind)).toEqual(['reserves_short']);
      expect(alerts[0]!.params).toMatchObject({ currency: 'USDT', network: 'ERC20', shortfall: '100' });
      expect(alerts[0]!.mailedAt).not.toBeNull(); // mailed by the notification mail path
    }
    expect(await alertsOf(customer)).toEqual([]);
    const mails = t.mailbox.messages.filter((m) => m.subject.includes('Reserves short: USDT on ERC20'));
    expect(mails.map((m) => m.to).sort()).toEqual([staffA.email, staffB.email].map((e) => e.toLowerCase()).sort());

    // The bell's item opens the staff Custody page.
    const page = await call(t, 'GET', '/api-v1/notifications/', { token: staffA.token });
    expect(page.body.results[0]).toMatchObject({
      kind: 'reserves_short',
      title: 'Reserves short: USDT on ERC20',
      target: '/admin/dashboard?view=custody',
    });

    // The coins arrive on the hot wallet; two instances reconcile at the same moment: one alert each.
    await chain.sendUsdt(custodyChainOf(t.config)!.hotWallet.address, '100');
    const other = await anotherInstance(t);
    try {
      await Promise.all([reconcile(), createReconciler(other.ctx, custodyChainOf(other.ctx.config)!)()]);
      await reconcile();
    } finally {
      await other.close();
    }
    for (const admin of [staffA, staffB])
      expect((await alertsOf(admin)).map((a) => a.kind)).toEqual(['reserves_short', 'reserves_covered']);
    expect(await alertsOf(customer)).toEqual([]);
    await expectLedgerBalanced(t);
  }, 60_000);

  it('two instances that see the shortfall at the same moment notify once', async () => {
    await grant(t, customer, 'funding', 'USDT', '5'); // owed 105, held 100
    const others = await Promise.all([anotherInstance(t), anotherInstance(t)]);
    try {
      await Promise.all(others.map((o) => createReconciler(o.ctx, custodyChainOf(o.ctx.config)!)()));
    } finally {
      await Promise.all(others.map((o) => o.close()));
    }
    for (const admin of [staffA, staffB]) {
      const alerts = await alertsOf(admin);
      expect(alerts.map((a) => a.kind)).toEqual(['reserves_short', 'reserves_covered', 'reserves_short']);
      expect(alerts[2]!.params).toMatchObject({ shortfall: '5', reserves: '100', liabilities: '105' });
    }
  }, 60_000);
});
