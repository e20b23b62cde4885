/**
 * The ledger module directly and its check, on the service layer (docs/architecture.md section 9 "Test
 * layers"): the API paths on top of it are in the other money tests.
 */
import { spawnSync } from 'node:child_process';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, ledgerEntries, users } from '../../src/server/db/schema.js';
import { checkLedger } from '../../src/server/modules/ledger-rules.js';
import { house, move, post, type AccountKey } from '../../src/server/modules/ledger/ledger.js';
import { credit, debit } from '../helpers/ledger.js';
import { createTestDatabase, type TestDatabase } from '../helpers/database.js';
import { expectLedgerBalanced } from '../helpers/money.js';
import { nodeArgs } from '../helpers/server-process.js';
import { approvedDeposit, createTestServices, type TestServices } from '../helpers/services.js';
import { createUser } from '../helpers/users.js';
import { msg } from '../../src/shared/message.js';
import { MSG } from '../../src/shared/messages.js';

let t: TestServices;
beforeAll(async () => {
  t = await createTestServices();
});
afterAll(() => t?.close());

let refs = 0;
const ref = (reason = 'test') => ({ reason, refType: 'test', refId: ++refs });

async function accountOf(key: AccountKey) {
  const [row] = await t.db
    .select()
    .from(accounts)
    .where(and(eq(accounts.userId, key.userId), eq(accounts.wallet, key.wallet), eq(accounts.currency, key.currency)));
  return row;
}

async function entriesOf(key: AccountKey) {
  const account = await accountOf(key);
  if (!account) return [];
  return t.db.select().from(ledgerEntries).where(eq(ledgerEntries.accountId, account.id)).orderBy(ledgerEntries.id);
}

describe('ledger operations', () => {
  it('creates accounts on demand and writes a signed entry with the balance after every change', async () => {
    const user = await createUser(t);
    const funding: AccountKey = { userId: user.id, wallet: 'funding', currency: 'USDT' };
    const lever: AccountKey = { userId: user.id, wallet: 'lever', currency: 'USDT' };
    expect(await accountOf(funding)).toBeUndefined();

    await t.db.transaction(async (tx) => {
      await credit(tx, funding, '100', ref('deposit'));
      await debit(tx, funding, '30.5', ref('withdrawal_hold'));
    });
    await t.db.transaction((tx) => move(tx, funding, lever, '19.5', ref('transfer')));

    expect((await entriesOf(funding)).map((e) => [e.reason, Number(e.amount), Number(e.balanceAfter)])).toEqual([
      ['deposit', 100, 100],
      ['withdrawal_hold', -30.5, 69.5],
      ['transfer', -19.5, 50],
    ]);
    expect((await entriesOf(lever)).map((e) => [Number(e.amount), Number(e.balanceAfter)])).toEqual([[19.5, 19.5]]);
    await expectLedgerBalanced(t);
  });

  it('refuses a debit beyond the balance with the caller’s message, and writes nothing', async () => {
    const user = await createUser(t);
    const key: AccountKey = { userId: user.id, wallet: 'funding', currency: 'BTC' };
    await t.db.transaction((tx) => credit(tx, key, '1', ref()));
    const attempt = t.db.transaction((tx) =>
      debit(tx, key, '1.00000001', ref(), { insufficient: msg(MSG, 'withdrawalExceedsBalance') }),
    );
    await expect(attempt).rejects.toMatchObject({ statusCode: 400, message: MSG.withdrawalExceedsBalance });
    expect(Number((await accountOf(key))!.balance)).toBe(1);
    expect(await entriesOf(key)).toHaveLength(1);
  });

  it('refuses a whole posting when one leg would overdraw', async () => {
    const user = await createUser(t);
    const a: AccountKey = { userId: user.id, wallet: 'funding', currency: 'ETH' };
    const b: AccountKey = { userId: user.id, wallet: 'lever', currency: 'ETH' };
    await t.db.transaction((tx) => credit(tx, a, '2', ref()));
    const attempt = t.db.transaction((tx) =>
      post(
        tx,
        [
          { account: a, amount: '-1' },
          { account: b, amount: '1' },
          { account: a, amount: '-1.5' },
          { account: house('deposits', 'ETH'), amount: '1.5' },
        ],
        ref(),
      ),
    );
    await expect(attempt).rejects.toMatchObject({ statusCode: 400, message: 'Insufficient balance' });
    expect(Number((await accountOf(a))!.balance)).toBe(2);
    expect(await entriesOf(b)).toHaveLength(0);
  });

  it('refuses a posting whose legs do not sum to zero in a currency, and writes nothing', async () => {
    const user = await createUser(t);
    const a: AccountKey = { userId: user.id, wallet: 'funding', currency: 'BTC' };
    await t.db.transaction((tx) => credit(tx, a, '2', ref()));
    const attempt = t.db.transaction((tx) =>
      post(
        tx,
        [
          { account: a, amount: '-1' },
          { account: house('fees', 'BTC'), amount: '0.99999999' },
        ],
        ref(),
      ),
    );
    await expect(attempt).rejects.toThrow('ledger: posting of BTC does not balance (-0.00000001)');
    expect((await accountOf(a))!.balance).toBe('2');
  });

  it('treats zero, negative and over-precise amounts as programming errors', async () => {
    const user = await createUser(t);
    const key: AccountKey = { userId: user.id, wallet: 'funding', currency: 'USDT' };
    for (const amount of ['0', '-1', '0.0000000000000000001', 'NaN']) {
      await expect(t.db.transaction((tx) => credit(tx, key, amount, ref()))).rejects.toThrow();
    }
  });

  it('has the database refuse a negative balance even if code skipped the ledger', async () => {
    const user = await createUser(t);
    const key: AccountKey = { userId: user.id, wallet: 'second', currency: 'USDT' };
    await t.db.transaction((tx) => credit(tx, key, '5', ref()));
    const direct = t.db
      .update(accounts)
      .set({ balance: '-1' })
      .where(eq(accounts.id, (await accountOf(key))!.id));
    await expect(direct).rejects.toMatchObject({ cause: { constraint: 'accounts_balance_non_negative' } });
  });
});

describe('ledger check', () => {
  it('finds a balance changed outside the ledger', async () => {
    const user = await createUser(t);
    const key: AccountKey = { userId: user.id, wallet: 'legal', currency: 'USDT' };
    await t.db.transaction((tx) => credit(tx, key, '10', ref()));
    const account = (await accountOf(key))!;
    await t.db
      .update(accounts)
      .set({ balance: sql`${accounts.balance} + 1` })
      .where(eq(accounts.id, account.id));
    try {
      const report = await checkLedger(t.db);
      expect(report.mismatches).toEqual([
        {
          kind: 'balance',
          accountId: account.id,
          userId: user.id,
          wallet: 'legal',
          currency: 'USDT',
          balance: '11',
          sumOfEntries: '10',
        },
        { kind: 'balance_after', accountId: account.id, balance: '11', lastBalanceAfter: '10' },
        // Money that came from nowhere: the currency's accounts no longer sum to zero.
        { kind: 'books', currency: 'USDT', total: '1' },
      ]);
    } finally {
      await t.db
        .update(accounts)
        .set({ balance: sql`${accounts.balance} - 1` })
        .where(eq(accounts.id, account.id));
    }
    await expectLedgerBalanced(t);
  });

  it('finds an approved deposit credited twice', async () => {
    const user = await createUser(t);
    const id = await approvedDeposit(t, user, '100');
    const key: AccountKey = { userId: user.id, wallet: 'funding', currency: 'USDT' };
    // A second credit for the same deposit keeps balances consistent, but the deposit moved 200.
    await t.db.transaction((tx) => credit(tx, key, '100', { reason: 'deposit', refType: 'transaction', refId: id }));
    const report = await checkLedger(t.db);
    expect(report.mismatches).toEqual([
      {
        kind: 'transaction',
        transactionId: id,
        type: 'deposit',
        status: 'successful',
        amount: '100',
        expectedNet: '100',
        net: '200',
        entries: 2,
      },
    ]);
    await t.db.transaction((tx) => debit(tx, key, '100', { reason: 'correction', refType: 'transaction', refId: id }));
    await expectLedgerBalanced(t);
  });
});

describe('npm run ledger:check', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(2);
  });
  afterAll(() => database.drop());

  // The script npm run ledger:check runs, as the bundle the other spawned processes run
  // (tests/helpers/server-process.ts; docs/decisions/0086-spawned-servers-run-a-bundle.md).
  const runCheck = () =>
    spawnSync(process.execPath, nodeArgs('scripts/ledger-check.ts'), {
      env: { ...process.env, DATABASE_URL: database.url, LOG_LEVEL: 'silent' },
      encoding: 'utf8',
      timeout: 60_000,
    });

  it('prints zero mismatches and exits 0 on a consistent ledger, exits 1 when it is not', async () => {
    const [user] = await database.db
      .insert(users)
      .values({
        uniqueid: '10000001',
        email: 'check@example.com',
        passwordHash: 'x',
        firstName: 'C',
        lastName: 'K',
        promotionCode: 'CHECK001',
      })
      .returning();
    await database.db.transaction((tx) =>
      credit(tx, { userId: user!.id, wallet: 'funding', currency: 'USDT' }, '42', ref()),
    );

    const ok = runCheck();
    expect(ok.stdout).toContain('ledger check: OK, 0 mismatches');
    expect(ok.status).toBe(0);

    // Both accounts (the user's and the house's deposits) set to 43 behind the ledger's back.
    await database.db.update(accounts).set({ balance: '43' });
    const bad = runCheck();
    expect(bad.stdout).toContain('FAILED, 5 mismatches');
    expect(bad.stdout).toContain('mismatch {"kind":"books","currency":"USDT","total":"86"}');
    expect(bad.status).toBe(1);
    // Two processes, each allowed runCheck's 60 s: on tsx, under the whole suite's load, they took 43 s together.
  }, 130_000);
});
