/**
 * Fiat orders' rules on the service layer (docs/decisions/0054-fiat-orders.md; docs/architecture.md
 * section 9 "Test layers"): a buy goes pending -> instructions_posted -> paid -> completed and is
 * credited once, each step audited, notified and mailed; a sell holds its coins from placing, cancel
 * releases them, complete sends them out; the minimum order; the books balanced after every flow. The
 * routes' contract (fields, status codes, request checks, access, the attacks) is in
 * tests/api/fiat-orders.test.ts.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, notifications } from '../../src/server/db/schema.js';
import { createFiatService } from '../../src/server/modules/fiat/service.js';
import { readBooks } from '../../src/server/modules/ledger/index.js';
import { fiatOrderBody, staffFiatActionBody, staffFiatOrdersQuery } from '../../src/shared/api/fiat.js';
import { expectLedgerBalanced, grant } from '../helpers/money.js';
import { balanceIn, createTestServices, refusal, type TestServices } from '../helpers/services.js';
import { createUser } from '../helpers/users.js';
import type { TestUser } from '../helpers/users.js';

let s: TestServices;
let fiat: ReturnType<typeof createFiatService>;
let admin: TestUser;
beforeAll(async () => {
  s = await createTestServices();
  fiat = createFiatService(s.ctx);
  admin = await createUser(s, { isAdmin: true });
});
afterAll(() => s?.close());

/** The requests as the routes hand them on: parsed by the routes' own schemas. */
const place = (user: TestUser, body: Record<string, string>) => fiat.place(user.id, fiatOrderBody.parse(body));
const act = (id: number, body: Record<string, string>) => fiat.act(admin.id, id, staffFiatActionBody.parse(body));
const legal = (user: TestUser, currency: string) => balanceIn(s, user, 'legal', currency);

async function expectBooksBalanced() {
  await expectLedgerBalanced(s);
  expect((await readBooks(s.db)).balanced).toBe(true);
}

describe('a buy through staff', () => {
  it('goes pending -> instructions_posted -> paid -> completed, credits the legal wallet once, audited and notified', async () => {
    const user = await createUser(s);
    const placed = await place(user, { side: 'buy', currency: 'usdt', amount: '100.0000' });
    expect(placed.order).toMatchObject({
      side: 'buy',
      currency: 'USDT',
      amount: '100',
      status: 'pending',
      instructions: null,
    });
    const id = placed.order.id;
    expect(placed.order.reference).toBe(`FO-${String(id).padStart(8, '0')}`);
    expect(await legal(user, 'USDT')).toBe('0');

    // The user sees it with its status; the staff queue lists it with the user's email.
    expect((await fiat.list(user.id))[0]).toMatchObject({ id });
    const queue = await fiat.staffList(staffFiatOrdersQuery.parse({}));
    expect(queue.find((o) => o.id === id)).toMatchObject({ user_email: user.email });

    // Completing before it is paid is refused and moves nothing.
    expect(await refusal(act(id, { action: 'complete' }))).toMatchObject({
      status: 409,
      error: 'Mark the order paid before completing it',
    });
    const bank = 'Bank: Example Bank\nIBAN: DE00 1234 5678 9000\nReference: FO';
    expect(await act(id, { action: 'instructions', instructions: bank })).toMatchObject({
      order: { status: 'instructions_posted', instructions: bank },
    });
    expect((await fiat.list(user.id))[0]!.instructions).toBe(bank);
    expect(await act(id, { action: 'paid' })).toMatchObject({ order: { status: 'paid' } });
    expect(await legal(user, 'USDT')).toBe('0');
    expect(await act(id, { action: 'complete' })).toMatchObject({
      message: 'Order completed',
      order: { status: 'completed' },
    });
    expect(await legal(user, 'USDT')).toBe('100');
    await expectBooksBalanced();

    const audits = await s.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetType, 'fiat_order'), eq(auditLog.targetId, String(id))));
    expect(audits.map((a) => a.action).sort()).toEqual(
      ['fiat_order.complete', 'fiat_order.instructions', 'fiat_order.paid'].sort(),
    );
    const notes = await s.db.select().from(notifications).where(eq(notifications.userId, user.id));
    expect(notes.map((n) => n.kind).sort()).toEqual(
      ['fiat_order_completed', 'fiat_order_instructions', 'fiat_order_paid'].sort(),
    );
    expect(notes.find((n) => n.kind === 'fiat_order_completed')!.body).toContain(placed.order.reference);
    expect(s.mailbox.messages.some((m) => m.to === user.email && m.text.includes(placed.order.reference))).toBe(true);
  });

  it('completing twice is a 409 and credits once; a cancelled order takes no other action', async () => {
    const user = await createUser(s);
    const id = (await place(user, { side: 'buy', currency: 'USDT', amount: '150' })).order.id;
    await act(id, { action: 'paid' });
    await act(id, { action: 'complete' });
    expect(await refusal(act(id, { action: 'complete' }))).toMatchObject({
      status: 409,
      error: 'This order has already been completed',
    });
    expect(await legal(user, 'USDT')).toBe('150');

    const cancelled = (await place(user, { side: 'buy', currency: 'USDT', amount: '100' })).order.id;
    expect(await act(cancelled, { action: 'cancel' })).toMatchObject({ order: { status: 'cancelled' } });
    for (const action of ['complete', 'paid', 'instructions', 'cancel'])
      expect(await refusal(act(cancelled, { action, instructions: 'x' }))).toMatchObject({
        status: 409,
        error: 'This order has already been cancelled',
      });
    expect(await legal(user, 'USDT')).toBe('150');
    await expectBooksBalanced();
  });
});

describe('a sell holds its coins', () => {
  it('at placing, so they cannot be spent twice; cancel releases them; complete sends them out', async () => {
    const user = await createUser(s);
    await grant(s, user, 'legal', 'ETH', '0.1');
    const first = (await place(user, { side: 'sell', currency: 'ETH', amount: '0.06' })).order.id;
    expect(await legal(user, 'ETH')).toBe('0.04');
    // The same coins again: refused, no order, nothing moves.
    expect(await refusal(place(user, { side: 'sell', currency: 'ETH', amount: '0.06' }))).toMatchObject({
      status: 400,
      error: 'Insufficient balance in your legal currency account',
    });
    expect(await fiat.list(user.id)).toHaveLength(1);
    await expectBooksBalanced();

    await act(first, { action: 'cancel' });
    expect(await legal(user, 'ETH')).toBe('0.1');
    await expectBooksBalanced();

    const second = (await place(user, { side: 'sell', currency: 'ETH', amount: '0.1' })).order.id;
    expect(await legal(user, 'ETH')).toBe('0');
    await act(second, { action: 'instructions', instructions: 'We pay to your bank account on file.' });
    await act(second, { action: 'paid' });
    expect((await act(second, { action: 'complete' })).order.status).toBe('completed');
    expect(await legal(user, 'ETH')).toBe('0');
    // A late cancel cannot bring the sold coins back.
    expect((await refusal(act(second, { action: 'cancel' }))).status).toBe(409);
    expect(await legal(user, 'ETH')).toBe('0');
    await expectBooksBalanced();
  });
});

describe('the minimum order', () => {
  it.each([
    ['USDT', '99.99'],
    ['ETH', '0.001'],
  ])('refuses %s %s, under 100.00 USD, and keeps nothing', async (currency, amount) => {
    const user = await createUser(s);
    expect(await refusal(place(user, { side: 'buy', currency, amount }))).toMatchObject({
      status: 400,
      error: 'The minimum order is 100.00 USD',
    });
    expect(await fiat.list(user.id)).toEqual([]);
  });
});
