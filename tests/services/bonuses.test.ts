/**
 * Bonuses' rules on the service layer (docs/product.md section 9's tiers, docs/decisions/0030; docs/architecture.md
 * section 9 "Test layers"): paid on a deposit's approval (the review service) from the house's
 * promotions account into the bonus lock, each tier level once per user, the programs adding up, a
 * rejected deposit paying nothing, mailed in the user's language; the books hold. The routes' contract
 * (the approval's bonus fields, the history's label, the staff settings, access) is in
 * tests/api/bonuses.test.ts.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { transactions, users } from '../../src/server/db/schema.js';
import { bonusLockOf } from '../../src/server/modules/bonuses/index.js';
import { bonusAwards } from '../../src/server/modules/bonuses/schema.js';
import { readBooks } from '../../src/server/modules/ledger/index.js';
import { createDepositService } from '../../src/server/modules/wallets/deposits.js';
import { createReviewService } from '../../src/server/modules/wallets/review.js';
import { listHistory } from '../../src/server/modules/wallets/transactions.js';
import { rechargeBody, transactionHistoryQuery } from '../../src/shared/api/wallet.js';
import { add, canonical } from '../../src/shared/money.js';
import { ADDRESSES } from '../helpers/addresses.js';
import { expectLedgerBalanced } from '../helpers/money.js';
import { balanceIn, createTestServices, refusal, type TestServices } from '../helpers/services.js';
import { createUser } from '../helpers/users.js';
import type { TestUser } from '../helpers/users.js';

let s: TestServices;
let admin: TestUser;
let deposits: ReturnType<typeof createDepositService>;
let review: ReturnType<typeof createReviewService>;
beforeAll(async () => {
  // Test contexts leave bonuses off unless asked (tests/helpers/app.ts); this file asks for the default: on.
  s = await createTestServices({ config: { bonusesDefault: true } });
  admin = await createUser(s, { isAdmin: true });
  deposits = createDepositService(s.ctx);
  review = createReviewService(s.ctx);
});
afterAll(() => s?.close());

/** A deposit request as POST /api-v1/recharge/ hands it on: parsed by the route's own schema. */
const request = async (user: TestUser, amount: string): Promise<number> => {
  const made = await deposits.request(user.id, rechargeBody.parse({ amount, payment_address: ADDRESSES.TRC20 }), {
    key: null,
    route: 'POST /api-v1/recharge/',
  });
  expect(made.statusCode).toBe(201);
  return made.body.transaction.transaction_id;
};
const decide = (id: number, action: 'approve' | 'cancel') => review.decide(admin.id, id, action);
const deposit = async (user: TestUser, amount: string) => {
  const id = await request(user, amount);
  await decide(id, 'approve');
  return id;
};

/** The user's bonus transactions as their history lists them, oldest first: [program, amount]. */
async function bonusesOf(user: TestUser): Promise<[string, string][]> {
  return (await listHistory(s.db, user.id, transactionHistoryQuery.parse({})))
    .filter((item) => item.type === 'bonus')
    .reverse()
    .map((item) => [item.bonus_program!, item.amount]);
}

/**
 * What the user holds in USDT: funding and the bonus locked on their bonus account until the turnover
 * is traded (docs/decisions/0047), which is where every bonus lands.
 */
async function holdingOf(user: TestUser): Promise<string> {
  const funding = await balanceIn(s, user, 'funding', 'USDT');
  return canonical(add(funding, (await bonusLockOf(s.db, user.id, funding)).locked));
}

const awardsOf = (user: TestUser) =>
  s.db
    .select({ program: bonusAwards.program, level: bonusAwards.level, amount: bonusAwards.amount })
    .from(bonusAwards)
    .where(eq(bonusAwards.userId, user.id))
    .orderBy(bonusAwards.id);

describe('a first deposit pays the new-user tier it reaches; 3000 and more also the membership tier (both programs pay)', () => {
  it.each([
    ['199.99', [], '199.99'],
    ['200', [['new_user', '5']], '205'],
    ['499.99', [['new_user', '5']], '504.99'],
    ['500', [['new_user', '15']], '515'],
    ['1000', [['new_user', '40']], '1040'],
    [
      '3000',
      [
        ['new_user', '100'],
        ['membership', '500'],
      ],
      '3600',
    ],
    [
      '5000',
      [
        ['new_user', '100'],
        ['membership', '1000'],
      ],
      '6100',
    ],
    [
      '6000',
      [
        ['new_user', '200'],
        ['membership', '1000'],
      ],
      '7200',
    ],
    [
      '10000',
      [
        ['new_user', '500'],
        ['membership', '2500'],
      ],
      '13000',
    ],
    [
      '20000',
      [
        ['new_user', '500'],
        ['membership', '2500'],
        ['vip', '3000'],
      ],
      '26000',
    ],
  ])('a first deposit of %s pays %j', async (amount, expected, balance) => {
    const user = await createUser(s);
    await deposit(user, amount);
    expect(await bonusesOf(user)).toEqual(expected);
    expect(await holdingOf(user)).toBe(balance);
  });

  it('pays the new-user bonus on the first approved deposit only', async () => {
    const user = await createUser(s);
    await deposit(user, '100');
    await deposit(user, '1000');
    expect(await bonusesOf(user)).toEqual([]);
  });

  it('mails the bonus in the user’s language: subject, programs and total (docs/decisions/0064)', async () => {
    const user = await createUser(s);
    // The language as POST /api-v1/user/language/ stores it (that route: tests/api/bonuses.test.ts).
    await s.db.update(users).set({ language: 'de' }).where(eq(users.id, user.id));
    await decide(await request(user, '5000'), 'approve');
    const mail = s.mailbox.messages
      .filter((m) => m.to === user.email.toLowerCase())
      .find((m) => /Bonus/.test(m.subject));
    expect(mail?.subject).toBe('Coinfront-Bonus erhalten: 1100 USDT');
    expect(mail?.text).toContain('Ihre Einzahlung von 5000 USDT wurde genehmigt');
    expect(mail?.text).toContain('Mitgliedsbonus: 1000 USDT');
    expect(mail?.text).toContain('Einzahlungsbonus für Neukunden: 100 USDT');
    expect(mail?.text).toContain('Summe: 1100 USDT');
  });
});

describe('membership: the highest tier a single deposit reaches, each level once', () => {
  it('pays a higher level the difference and the same level again nothing', async () => {
    const user = await createUser(s);
    await deposit(user, '50'); // the first deposit, below every new-user tier
    await deposit(user, '3000');
    await deposit(user, '3000');
    await deposit(user, '5000');
    await deposit(user, '4000');
    await deposit(user, '12000');
    expect((await bonusesOf(user)).filter(([program]) => program === 'membership')).toEqual([
      ['membership', '500'],
      ['membership', '500'],
      ['membership', '1500'],
    ]);
    expect((await awardsOf(user)).filter((a) => a.program === 'membership').map((a) => a.level)).toEqual([
      '3000',
      '5000',
      '10000',
    ]);
  });
});

describe('VIP: accumulated approved deposits, each level once', () => {
  it('pays each level as the total reaches it: 20,000 / 50,000 / 100,000 / 150,000 / 200,000', async () => {
    const user = await createUser(s);
    await deposit(user, '50');
    await deposit(user, '19950'); // 20,000
    await deposit(user, '29999.99'); // 49,999.99: no level
    await deposit(user, '50'); // 50,049.99
    await deposit(user, '49950.01'); // 100,000
    await deposit(user, '50000'); // 150,000
    await deposit(user, '50000'); // 200,000
    await deposit(user, '100000'); // 300,000: nothing more
    expect((await bonusesOf(user)).filter(([program]) => program === 'vip')).toEqual([
      ['vip', '3000'],
      ['vip', '7000'],
      ['vip', '15000'],
      ['vip', '10000'],
      ['vip', '15000'],
    ]);
  });

  it('pays one deposit that crosses several levels the highest level bonus, as reaching them one by one does', async () => {
    const user = await createUser(s);
    await deposit(user, '50');
    await deposit(user, '199950'); // 200,000 at once
    expect(await bonusesOf(user)).toEqual([
      ['membership', '2500'],
      ['vip', '50000'],
    ]);
    expect((await awardsOf(user)).filter((a) => a.program === 'vip')).toEqual([
      { program: 'vip', level: '20000', amount: '3000' },
      { program: 'vip', level: '50000', amount: '7000' },
      { program: 'vip', level: '100000', amount: '15000' },
      { program: 'vip', level: '150000', amount: '10000' },
      { program: 'vip', level: '200000', amount: '15000' },
    ]);
    expect(await holdingOf(user)).toBe('252500');
  });
});

describe('each tier pays once', () => {
  it('a retried approval is refused and pays nothing more', async () => {
    const user = await createUser(s);
    const id = await deposit(user, '1000');
    expect((await refusal(decide(id, 'approve'))).status).toBe(409);
    expect(await bonusesOf(user)).toEqual([['new_user', '40']]);
  });

  it('parallel approvals of different deposits pay each tier once', async () => {
    const user = await createUser(s);
    const ids = [await request(user, '10000'), await request(user, '10000'), await request(user, '10000')];
    const answers = await Promise.all(ids.map((id) => decide(id, 'approve')));
    expect(answers.map((a) => a.transaction.status)).toEqual(['successful', 'successful', 'successful']);
    // Whatever the order: one first deposit (500), membership 10,000 once (2500), VIP 20,000 once (3000).
    const paid = await bonusesOf(user);
    expect(paid.map(([program]) => program).sort()).toEqual(['membership', 'new_user', 'vip']);
    expect(await holdingOf(user)).toBe('36000');
  });

  it('the database refuses a second award of a level, and a second new-user award', async () => {
    const user = await createUser(s);
    const id = await deposit(user, '1000');
    const [row] = await s.db.select().from(bonusAwards).where(eq(bonusAwards.userId, user.id));
    const again = { ...row!, id: undefined, createdAt: undefined };
    await expect(s.db.insert(bonusAwards).values(again)).rejects.toMatchObject({
      cause: { constraint: 'bonus_awards_user_program_level_key' },
    });
    await expect(s.db.insert(bonusAwards).values({ ...again, level: '500', depositId: id })).rejects.toMatchObject({
      cause: { constraint: 'bonus_awards_new_user_once_key' },
    });
  });
});

describe('a rejected deposit pays nothing', () => {
  it('leaves the new-user bonus to the first approved deposit', async () => {
    const user = await createUser(s);
    const rejected = await request(user, '1000');
    expect((await decide(rejected, 'cancel')).transaction.status).toBe('cancel');
    expect(await bonusesOf(user)).toEqual([]);
    await deposit(user, '500');
    expect(await bonusesOf(user)).toEqual([['new_user', '15']]);
  });
});

describe('the books', () => {
  // Last in the file: every bonus above has been paid.
  it('stay balanced, and promotions holds minus every bonus paid', async () => {
    await expectLedgerBalanced(s);
    const [{ paid }] = (
      await s.db.execute<{ paid: string }>(
        sql`select coalesce(sum(amount), 0)::text as paid from ${transactions} where type = 'bonus'`,
      )
    ).rows as [{ paid: string }];
    expect(Number(paid)).toBeGreaterThan(0);
    const usdt = (await readBooks(s.db)).currencies.find((c) => c.currency === 'USDT')!;
    const promotions = usdt.house_accounts.find((a) => a.name === 'promotions')!;
    expect(promotions.balance).toBe(`-${canonical(paid)}`);
  });
});
