/**
 * The ledger check (docs/architecture.md section 4) is the oracle of many tests, so it is tested
 * itself: a ledger built through the API reports nothing, and each kind of corruption, seeded with
 * SQL so the balances still add up and the books still balance (the house's `deposits` account takes
 * the other side, in the same posting), is reported for exactly the transaction, trade or entry it hit;
 * a one-sided change is reported as a posting and a currency that no longer sum to zero.
 * Every corruption runs in a transaction that is rolled back, so each test sees only its own.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Tx } from '../../src/server/db/database.js';
import { checkLedger, type LedgerMismatch } from '../../src/server/modules/ledger-rules.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { createFakeMarket, type FakeMarket } from '../helpers/fake-market.js';
import { fundWallet, setTransactionPassword, staff } from '../helpers/money.js';
import { closeTrade, openTrade, openedTradeId } from '../helpers/trades.js';
import { call, signUp, type TestUser } from '../helpers/users.js';

let t: TestApp;
let market: FakeMarket;
let trader: TestUser;
let other: TestUser;
const ids = {
  pendingWithdrawal: 0,
  cancelledWithdrawal: 0,
  transfer: 0,
  open: 0,
  order: 0,
  closed: 0,
  liquidated: 0,
  spotOrder: 0,
  convert: 0,
};

const ROLLBACK = new Error('rollback');

/** Apply `corrupt` and run the check inside one transaction, then roll it all back. */
async function mismatchesAfter(corrupt: (tx: Tx) => Promise<void>): Promise<LedgerMismatch[]> {
  let found: LedgerMismatch[] = [];
  await t.db
    .transaction(async (tx) => {
      await corrupt(tx);
      found = (await checkLedger(tx)).mismatches;
      throw ROLLBACK;
    })
    .catch((error: unknown) => {
      if (error !== ROLLBACK) throw error;
    });
  return found;
}

type Row = Record<string, unknown>;
const rows = async (tx: Tx, query: ReturnType<typeof sql>) =>
  ((await tx.execute(query)) as unknown as { rows: Row[] }).rows;

/** The one entry of `refType` #refId with `reason` on a customer's account. */
async function entryOf(
  tx: Tx,
  refType: string,
  refId: number,
  reason: string,
): Promise<{ id: number; accountId: number }> {
  const found = await rows(
    tx,
    sql`select e.id, e.account_id from ledger_entries e join accounts a on a.id = e.account_id and a.user_id is not null
        where e.ref_type = ${refType} and e.ref_id = ${refId} and e.reason = ${reason}`,
  );
  if (found.length !== 1) throw new Error(`${found.length} ${reason} entries for ${refType} ${refId}`);
  return { id: Number(found[0]!.id), accountId: Number(found[0]!.account_id) };
}

/** Put `delta` the other way on the house's deposits account, in posting #postingId: the books still balance. */
async function offset(tx: Tx, accountId: number, delta: string, postingId: number) {
  await tx.execute(sql`
    with h as (
      insert into accounts (user_id, wallet, currency, balance)
      select null, 'deposits', currency, -${delta}::numeric from accounts where id = ${accountId}
      on conflict (wallet, currency) where user_id is null
      do update set balance = accounts.balance + excluded.balance
      returning id, balance)
    insert into ledger_entries (account_id, posting_id, amount, balance_after, reason, ref_type, ref_id)
    select id, ${postingId}, -${delta}::numeric, balance, 'forged_offset', 'test', 0 from h`);
}

/** Change an entry's amount and carry the difference into the balance and every later balance_after, so balances still add up. */
async function rewriteEntry(tx: Tx, entryId: number, amount: string, { oneSided = false } = {}) {
  const [e] = await rows(
    tx,
    sql`select account_id, posting_id, (${amount}::numeric - amount)::text as delta from ledger_entries where id = ${entryId}`,
  );
  await tx.execute(sql`
    with later as (update ledger_entries l set balance_after = l.balance_after + ${String(e!.delta)}::numeric
                   where l.account_id = ${Number(e!.account_id)} and l.id >= ${entryId})
    update accounts a set balance = a.balance + ${String(e!.delta)}::numeric where a.id = ${Number(e!.account_id)}`);
  await tx.execute(sql`update ledger_entries set amount = ${amount}::numeric where id = ${entryId}`);
  if (!oneSided) await offset(tx, Number(e!.account_id), String(e!.delta), Number(e!.posting_id));
}

/** Remove an entry as if it had never been written (balances still add up). */
async function dropEntry(tx: Tx, entryId: number) {
  await rewriteEntry(tx, entryId, '0');
  await tx.execute(sql`delete from ledger_entries where id = ${entryId}`);
}

/** Append an entry to an account (balance and balance_after kept consistent), in a posting of its own. */
async function addEntry(tx: Tx, accountId: number, amount: string, refType: string, refId: number, reason = 'forged') {
  const [posting] = await rows(tx, sql`select nextval('ledger_postings_seq') as id`);
  await tx.execute(sql`
    with a as (update accounts set balance = balance + ${amount}::numeric where id = ${accountId} returning balance)
    insert into ledger_entries (account_id, posting_id, amount, balance_after, reason, ref_type, ref_id)
    select ${accountId}, ${Number(posting!.id)}, ${amount}::numeric, a.balance, ${reason}, ${refType}, ${refId} from a`);
  await offset(tx, accountId, amount, Number(posting!.id));
}

async function accountOf(tx: Tx, user: TestUser, wallet: string, currency = 'USDT'): Promise<number> {
  await tx.execute(sql`
    insert into accounts (user_id, wallet, currency) values (${user.id}, ${wallet}, ${currency})
    on conflict do nothing`);
  const [row] = await rows(
    tx,
    sql`select id from accounts where user_id = ${user.id} and wallet = ${wallet} and currency = ${currency}`,
  );
  return Number(row!.id);
}

async function withdraw(user: TestUser, amount: string): Promise<number> {
  const res = await call(t, 'POST', '/api-v1/withdraw/', {
    token: user.token,
    body: { address: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', currency: 'USDT', amount, transaction_password: '246810' },
  });
  if (res.status !== 201) throw new Error(`withdraw: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.transaction.transaction_id;
}

beforeAll(async () => {
  market = createFakeMarket();
  t = await createTestApp({ market });
  trader = await signUp(t);
  other = await signUp(t);
  await fundWallet(t, trader, '1000');
  await setTransactionPassword(t, trader, '246810');

  ids.pendingWithdrawal = await withdraw(trader, '100');
  ids.cancelledWithdrawal = await withdraw(trader, '100');
  const cancel = await call(
    t,
    'POST',
    `/api-v3/admin/transactions-verification/?transaction_id=${ids.cancelledWithdrawal}`,
    { token: (await staff(t)).token, body: { action: 'cancel' } },
  );
  expect(cancel.status).toBe(200);

  const transfer = await call(t, 'POST', '/api-v1/transfer-to-wallet/', {
    token: trader.token,
    body: { transfer_from: 'funding', transfer_to: 'lever', currency: 'USDT', amount: '500' },
  });
  expect(transfer.status).toBe(201);
  ids.transfer = transfer.body.transaction.transaction_id;

  // 0.1 BTC at 60000, 100x: margin 60, liquidated at 59400 or below.
  ids.liquidated = await openedTradeId(t, trader);
  market.set('BTC', '59000');
  const liquidation = await closeTrade(t, trader, ids.liquidated, '59000');
  expect(liquidation.body.trade?.status ?? liquidation.body).toBe('liquidated');
  market.set('BTC', '60000');

  ids.closed = await openedTradeId(t, trader);
  market.set('BTC', '61000');
  expect((await closeTrade(t, trader, ids.closed, '61000')).status).toBe(200);
  market.set('BTC', '60000');

  ids.open = await openedTradeId(t, trader);
  const order = await openTrade(t, trader, { order_type: 'limit', limit_price: '50000' });
  expect(order.status).toBe(201);
  ids.order = order.body.trade.trade_id;

  // Records of the products whose rules the modules own (modules/ledger-rules.ts): a spot buy and a convert.
  const spot = await call(t, 'POST', '/api-v1/spot-orders/', {
    token: trader.token,
    body: { symbol: 'BTCUSDT', side: 'buy', type: 'market', quantity: '0.001' },
  });
  expect(spot.status).toBe(201);
  ids.spotOrder = spot.body.order.order_id;
  const quote = await call(t, 'POST', '/api-v1/convert/quote/', {
    token: trader.token,
    body: { from: 'USDT', to: 'ETH', amount: '50' },
  });
  expect(quote.status).toBe(200);
  const converted = await call(t, 'POST', '/api-v1/convert/', {
    token: trader.token,
    body: { quote_id: quote.body.quote_id },
  });
  expect(converted.status).toBe(200);
  const [row] = await rows(t.db as unknown as Tx, sql`select id from convert_quotes where user_id = ${trader.id}`);
  ids.convert = Number(row!.id);
}, 60_000);
afterAll(() => t.close());

describe('the ledger check', () => {
  it('reports nothing for a ledger the app built: deposits, withdrawals held and refunded, a transfer, every kind of trade', async () => {
    const report = await checkLedger(t.db);
    expect(report.mismatches).toEqual([]);
    expect(report.transactions).toBeGreaterThanOrEqual(4);
    expect(report.trades).toBeGreaterThanOrEqual(4);
  });

  describe('withdrawals', () => {
    it('reports a hold that took less than the amount', async () => {
      const found = await mismatchesAfter(async (tx) => {
        const hold = await entryOf(tx, 'transaction', ids.pendingWithdrawal, 'withdrawal_hold');
        await rewriteEntry(tx, hold.id, '-90');
      });
      expect(found).toEqual([
        {
          kind: 'transaction',
          transactionId: ids.pendingWithdrawal,
          type: 'withdrawal',
          status: 'pending',
          amount: '100',
          expectedNet: '-100',
          net: '-90',
          entries: 1,
        },
      ]);
    });

    it('reports a cancelled withdrawal whose refund never came', async () => {
      const found = await mismatchesAfter(async (tx) => {
        await dropEntry(tx, (await entryOf(tx, 'transaction', ids.cancelledWithdrawal, 'withdrawal_refund')).id);
      });
      expect(found).toEqual([
        expect.objectContaining({
          kind: 'transaction',
          transactionId: ids.cancelledWithdrawal,
          net: '-100',
          expectedNet: '0',
        }),
      ]);
    });

    it('reports a refund paid twice', async () => {
      const found = await mismatchesAfter(async (tx) => {
        const refund = await entryOf(tx, 'transaction', ids.cancelledWithdrawal, 'withdrawal_refund');
        await addEntry(tx, refund.accountId, '100', 'transaction', ids.cancelledWithdrawal, 'withdrawal_refund');
      });
      expect(found).toEqual([
        expect.objectContaining({
          kind: 'transaction',
          transactionId: ids.cancelledWithdrawal,
          net: '100',
          entries: 3,
        }),
      ]);
    });
  });

  describe('transfers', () => {
    it('reports a transfer with only its debit leg', async () => {
      const found = await mismatchesAfter(async (tx) => {
        await addEntry(tx, await accountOf(tx, trader, 'lever'), '1000', 'test', 1); // room to take the leg back
        const legs = await rows(
          tx,
          sql`select id from ledger_entries where ref_type = 'transaction' and ref_id = ${ids.transfer} and amount > 0`,
        );
        await dropEntry(tx, Number(legs[0]!.id));
      });
      expect(found).toEqual([
        expect.objectContaining({
          kind: 'transaction',
          transactionId: ids.transfer,
          type: 'transfer',
          net: '-500',
          entries: 1,
        }),
      ]);
    });

    it('reports two legs that balance each other but not the amount', async () => {
      const found = await mismatchesAfter(async (tx) => {
        const legs = await rows(
          tx,
          sql`select id, amount::text from ledger_entries where ref_type = 'transaction' and ref_id = ${ids.transfer}`,
        );
        for (const leg of legs)
          await rewriteEntry(tx, Number(leg.id), String(leg.amount).startsWith('-') ? '-300' : '300');
      });
      expect(found).toEqual([
        expect.objectContaining({ kind: 'transaction', transactionId: ids.transfer, net: '0', entries: 2 }),
      ]);
    });

    it('reports a leg that landed in another wallet than transfer_to', async () => {
      let entryId = 0;
      let legal = 0;
      const found = await mismatchesAfter(async (tx) => {
        await addEntry(tx, await accountOf(tx, trader, 'lever'), '1000', 'test', 1); // room to take the leg back
        const [credit] = await rows(
          tx,
          sql`select id from ledger_entries where ref_type = 'transaction' and ref_id = ${ids.transfer} and amount > 0`,
        );
        await dropEntry(tx, Number(credit!.id));
        legal = await accountOf(tx, trader, 'legal');
        await addEntry(tx, legal, '500', 'transaction', ids.transfer, 'transfer');
        const [added] = await rows(tx, sql`select max(id) as id from ledger_entries where account_id = ${legal}`);
        entryId = Number(added!.id);
      });
      expect(found).toEqual([
        {
          kind: 'entry',
          entryId,
          refType: 'transaction',
          refId: ids.transfer,
          accountId: legal,
          problem: 'wrong_account',
        },
      ]);
    });
  });

  describe('trades', () => {
    it('reports an open trade whose margin was never taken', async () => {
      const found = await mismatchesAfter(async (tx) => {
        await dropEntry(tx, (await entryOf(tx, 'trade', ids.open, 'trade_margin')).id);
      });
      expect(found).toEqual([
        {
          kind: 'trade',
          tradeId: ids.open,
          status: 'open',
          margin: '60',
          profitLoss: null,
          expectedNet: '-60',
          net: '0',
        },
      ]);
    });

    it('reports a pending order whose hold is short of its margin', async () => {
      const found = await mismatchesAfter(async (tx) => {
        await rewriteEntry(tx, (await entryOf(tx, 'trade', ids.order, 'trade_margin')).id, '-49');
      });
      // 0.1 BTC at the 50000 limit, 100x: 50 reserved.
      expect(found).toEqual([
        {
          kind: 'trade',
          tradeId: ids.order,
          status: 'pending',
          margin: '50',
          profitLoss: null,
          expectedNet: '-50',
          net: '-49',
        },
      ]);
    });

    it('reports a liquidation that paid something back', async () => {
      const found = await mismatchesAfter(async (tx) => {
        const margin = await entryOf(tx, 'trade', ids.liquidated, 'trade_margin');
        await addEntry(tx, margin.accountId, '10', 'trade', ids.liquidated, 'trade_settlement');
      });
      expect(found).toEqual([
        expect.objectContaining({
          kind: 'trade',
          tradeId: ids.liquidated,
          status: 'liquidated',
          expectedNet: '-60',
          net: '-50',
        }),
      ]);
    });

    it('reports a liquidation booked with a profit and paid out more than its margin', async () => {
      // The entries agree with the P/L written on the row; a liquidation still must have paid nothing back.
      const found = await mismatchesAfter(async (tx) => {
        await tx.execute(sql`update trades set profit_loss = 40 where id = ${ids.liquidated}`);
        const margin = await entryOf(tx, 'trade', ids.liquidated, 'trade_margin');
        await addEntry(tx, margin.accountId, '100', 'trade', ids.liquidated, 'trade_settlement');
      });
      expect(found).toEqual([
        {
          kind: 'trade',
          tradeId: ids.liquidated,
          status: 'liquidated',
          margin: '60',
          profitLoss: '40',
          expectedNet: '-60',
          net: '40',
        },
      ]);
    });

    it("reports a trade's payout credited to someone else's wallet", async () => {
      let accountId = 0;
      const found = await mismatchesAfter(async (tx) => {
        const payout = await entryOf(tx, 'trade', ids.closed, 'trade_settlement');
        await tx.execute(sql`update trades set user_id = ${other.id} where id = ${ids.closed}`);
        accountId = payout.accountId;
      });
      // The trade's money (margin and payout) sits on the trader's lever wallet, the row now says it is the other user's.
      expect(found.filter((m) => m.kind === 'entry')).toHaveLength(2);
      expect(found).toEqual(
        Array(2).fill(
          expect.objectContaining({
            kind: 'entry',
            refType: 'trade',
            refId: ids.closed,
            accountId,
            problem: 'wrong_account',
          }),
        ),
      );
    });
  });

  describe('double entry', () => {
    it('reports a one-sided change as a posting and a currency that no longer sum to zero', async () => {
      let postingId = 0;
      const found = await mismatchesAfter(async (tx) => {
        const hold = await entryOf(tx, 'transaction', ids.pendingWithdrawal, 'withdrawal_hold');
        const [row] = await rows(tx, sql`select posting_id from ledger_entries where id = ${hold.id}`);
        postingId = Number(row!.posting_id);
        await rewriteEntry(tx, hold.id, '-90', { oneSided: true });
      });
      expect(found).toEqual([
        expect.objectContaining({ kind: 'transaction', transactionId: ids.pendingWithdrawal, net: '-90' }),
        { kind: 'posting', postingId, currency: 'USDT', sum: '10' },
        { kind: 'books', currency: 'USDT', total: '10' },
      ]);
    });

    it('reports money moved between two house accounts in a posting that does not balance', async () => {
      const found = await mismatchesAfter(async (tx) => {
        await tx.execute(sql`
          with h as (update accounts set balance = balance + 7 where user_id is null and wallet = 'deposits' and currency = 'USDT' returning id, balance)
          insert into ledger_entries (account_id, posting_id, amount, balance_after, reason, ref_type, ref_id)
          select id, 424242, 7, balance, 'forged', 'test', 0 from h`);
      });
      expect(found).toEqual([
        { kind: 'posting', postingId: 424242, currency: 'USDT', sum: '7' },
        { kind: 'books', currency: 'USDT', total: '7' },
      ]);
    });
  });

  it('reports an entry that points at a transaction that does not exist', async () => {
    let accountId = 0;
    const found = await mismatchesAfter(async (tx) => {
      accountId = await accountOf(tx, trader, 'funding');
      await addEntry(tx, accountId, '5', 'transaction', 987_654_321);
    });
    expect(found).toEqual([
      expect.objectContaining({
        kind: 'entry',
        refType: 'transaction',
        refId: 987_654_321,
        accountId,
        problem: 'no_such_ref',
      }),
    ]);
  });

  describe('the rules the product modules own (modules/ledger-rules.ts)', () => {
    it('reports a spot order whose fill took less than its total, on that wallet and currency', async () => {
      const found = await mismatchesAfter(async (tx) => {
        const [fill] = await rows(
          tx,
          sql`select e.id, e.amount::text as amount from ledger_entries e join accounts a on a.id = e.account_id
              where e.ref_type = 'spot_order' and e.ref_id = ${ids.spotOrder} and a.user_id is not null and a.currency = 'USDT'`,
        );
        await rewriteEntry(tx, Number(fill!.id), '-1');
      });
      expect(found).toEqual([
        expect.objectContaining({
          kind: 'record',
          refType: 'spot_order',
          refId: ids.spotOrder,
          status: 'filled',
          wallet: 'funding',
          currency: 'USDT',
          net: '-1',
        }),
      ]);
    });

    it('reports a convert whose coin went to another wallet than funding', async () => {
      let accountId = 0;
      const found = await mismatchesAfter(async (tx) => {
        const [credit] = await rows(
          tx,
          sql`select e.id, e.amount::text as amount from ledger_entries e join accounts a on a.id = e.account_id
              where e.ref_type = 'convert' and e.ref_id = ${ids.convert} and a.user_id is not null and a.currency = 'ETH'`,
        );
        const received = String(credit!.amount);
        await dropEntry(tx, Number(credit!.id));
        accountId = await accountOf(tx, trader, 'lever', 'ETH');
        await addEntry(tx, accountId, received, 'convert', ids.convert);
      });
      expect(found).toEqual([
        expect.objectContaining({
          kind: 'record',
          refType: 'convert',
          refId: ids.convert,
          status: 'executed',
          wallet: 'funding',
          currency: 'ETH',
          net: '0',
        }),
        expect.objectContaining({ kind: 'entry', refType: 'convert', accountId, problem: 'wrong_account' }),
      ]);
    });

    it("reports a spot order's entry on another user's account, and one pointing at no order", async () => {
      let otherAccount = 0;
      let ownAccount = 0;
      const found = await mismatchesAfter(async (tx) => {
        otherAccount = await accountOf(tx, other, 'funding');
        ownAccount = await accountOf(tx, trader, 'funding');
        await addEntry(tx, otherAccount, '3', 'spot_order', ids.spotOrder);
        await addEntry(tx, ownAccount, '2', 'spot_order', 987_654_321);
      });
      expect(found).toEqual([
        expect.objectContaining({
          kind: 'entry',
          refType: 'spot_order',
          accountId: otherAccount,
          problem: 'wrong_account',
        }),
        expect.objectContaining({
          kind: 'entry',
          refType: 'spot_order',
          refId: 987_654_321,
          accountId: ownAccount,
          problem: 'no_such_ref',
        }),
      ]);
    });
  });
});
