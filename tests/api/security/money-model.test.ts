/**
 * Money against a model (OWASP ASVS 5 V2 business logic; API Top 10 API6): fast-check runs sequences of
 * money operations against the API and against an in-memory model of every balance and pending
 * transaction. Some steps run several operations at once. After every step the balances in the
 * database equal the model's and none is negative; after every sequence the ledger check is clean.
 *
 * An operation is { check, send, settle }: adding trades later means adding open / close /
 * liquidate operations to OPERATIONS, with the model's idea of what each must do.
 */
import { isDeepStrictEqual } from 'node:util';
import { inArray } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts } from '../../../src/server/db/schema.js';
import { checkLedger } from '../../../src/server/modules/ledger/check.js';
import type { WalletKind } from '../../../src/shared/constants.js';
import { MSG } from '../../../src/shared/messages.js';
import { dec, type Dec, meetsWithdrawalMinimum, usdtValue } from '../../../src/shared/money.js';
import { createTestApp, type TestApp } from '../../helpers/app.js';
import { createFakeMarket } from '../../helpers/fake-market.js';
import { grant, setTransactionPassword } from '../../helpers/money.js';
import { call, createAdmin, signUp, type TestUser } from '../../helpers/users.js';

const PRICES: Record<string, string> = { USDT: '1', BTC: '60000' };
const WALLETS: WalletKind[] = ['funding', 'lever', 'legal', 'second'];
const TRADERS = 2;
const RUNS = Number(process.env.MODEL_RUNS ?? 40);

interface Pending {
  id: number;
  userId: number;
  type: 'deposit' | 'withdrawal';
  currency: string;
  amount: Dec;
}

interface Model {
  balances: Map<string, Dec>;
  pending: Map<number, Pending>;
  /** The last acknowledged keyed request, to send again. */
  lastKeyed?: { url: string; token: string; body: unknown; key: string; response: Answer };
}

interface Real {
  t: TestApp;
  traders: TestUser[];
  admin: TestUser;
}

interface Answer {
  status: number;
  body: any;
  replayed: boolean;
}

/** One API call, what the model expects of it, and what it does to the model. */
interface Operation {
  toString(): string;
  /** Whether the operation makes sense now (e.g. approve needs something pending). */
  check(m: Model): boolean;
  send(m: Model, r: Real): Promise<Answer>;
  /**
   * Apply the answer to the model. `alone` is true when nothing ran beside it, so the model can
   * say exactly what the answer must be; beside others, a refusal must at least be a known one.
   */
  settle(m: Model, answer: Answer, alone: boolean): void;
}

const keyOf = (userId: number, wallet: WalletKind, currency: string) => `${userId}|${wallet}|${currency}`;
const balance = (m: Model, k: string) => m.balances.get(k) ?? dec(0);
const move = (m: Model, k: string, delta: Dec) => m.balances.set(k, balance(m, k).plus(delta));
let keys = 0;
const newKey = () => `model-${Date.now().toString(36)}-${++keys}`;

async function post(r: Real, url: string, token: string, body: unknown, key?: string): Promise<Answer> {
  const res = await call(r.t, 'POST', url, { token, body, headers: key ? { 'idempotency-key': key } : {} });
  return { status: res.status, body: res.body, replayed: res.headers['idempotent-replayed'] === 'true' };
}

function expectKnownRefusal(answer: Answer, allowed: string[], what: string) {
  if (answer.status !== 400 || !allowed.includes(answer.body?.error)) {
    throw new Error(`${what}: unexpected ${answer.status} ${JSON.stringify(answer.body)}`);
  }
}

// ---- operations ----

const amountArb = (maxUnits: number) =>
  fc
    .tuple(fc.integer({ min: 0, max: maxUnits }), fc.integer({ min: 0, max: 99_999_999 }))
    .map(([units, frac]) => dec(units).plus(dec(frac).div(1e8)));

class Deposit implements Operation {
  constructor(
    readonly trader: number,
    readonly amount: Dec,
  ) {}
  private userId = 0;
  toString = () => `deposit(trader ${this.trader}, ${this.amount.toFixed()})`;
  check = () => true;
  send(_m: Model, r: Real) {
    const user = r.traders[this.trader]!;
    this.userId = user.id;
    return post(
      r,
      '/api-v1/recharge/',
      user.token,
      { amount: this.amount.toFixed(), payment_address: 'TModelSender' },
      newKey(),
    );
  }
  settle(m: Model, a: Answer) {
    if (this.amount.lt(50))
      return expectKnownRefusal(
        a,
        [this.amount.isZero() ? MSG.enterValidAmount : 'Minimum recharge is 50 USDT'],
        String(this),
      );
    if (a.status !== 201) throw new Error(`${this}: ${a.status} ${JSON.stringify(a.body)}`);
    const tx = a.body.transaction;
    m.pending.set(tx.transaction_id, {
      id: tx.transaction_id,
      userId: this.userId,
      type: 'deposit',
      currency: 'USDT',
      amount: dec(tx.amount),
    });
  }
}

/** Staff approve or cancel one of the pending transactions (chosen by index among those pending now). */
class Review implements Operation {
  constructor(
    readonly action: 'approve' | 'cancel',
    readonly pick: number,
  ) {}
  private target?: Pending;
  toString = () => `${this.action}(#${this.target?.id ?? `pending[${this.pick}]`})`;
  check = (m: Model) => m.pending.size > 0;
  send(m: Model, r: Real) {
    const list = [...m.pending.values()];
    this.target = list[this.pick % list.length]!;
    return post(r, `/api-v3/admin/transactions-verification/?transaction_id=${this.target.id}`, r.admin.token, {
      action: this.action,
    });
  }
  settle(m: Model, a: Answer) {
    const tx = this.target!;
    if (a.status === 409) {
      // Someone beside it decided the same transaction first: fine, if it is decided in the model too.
      if (m.pending.has(tx.id)) throw new Error(`${this}: 409 but the model still has it pending`);
      return;
    }
    if (a.status !== 200) throw new Error(`${this}: ${a.status} ${JSON.stringify(a.body)}`);
    if (!m.pending.delete(tx.id)) throw new Error(`${this}: decided a transaction the model had already decided`);
    const funding = keyOf(tx.userId, 'funding', tx.currency);
    if (tx.type === 'deposit' && this.action === 'approve') move(m, funding, tx.amount);
    if (tx.type === 'withdrawal' && this.action === 'cancel') move(m, funding, tx.amount);
  }
}

class Transfer implements Operation {
  constructor(
    readonly trader: number,
    readonly from: WalletKind,
    readonly to: WalletKind,
    readonly currency: string,
    readonly amount: Dec | 'all',
  ) {}
  private userId = 0;
  toString = () =>
    `transfer(trader ${this.trader}, ${this.from}->${this.to}, ${this.amount === 'all' ? 'all' : this.amount.toFixed()} ${this.currency})`;
  check = () => this.from !== this.to;
  send(_m: Model, r: Real) {
    const user = r.traders[this.trader]!;
    this.userId = user.id;
    const body = {
      transfer_from: this.from,
      transfer_to: this.to,
      currency: this.currency,
      ...(this.amount === 'all' ? { all_amount: true } : { amount: this.amount.toFixed() }),
    };
    const key = newKey();
    return post(r, '/api-v1/transfer-to-wallet/', user.token, body, key).then((answer) => ({
      ...answer,
      sent: { url: '/api-v1/transfer-to-wallet/', token: user.token, body, key },
    }));
  }
  settle(m: Model, a: Answer & { sent?: { url: string; token: string; body: unknown; key: string } }, alone: boolean) {
    const from = keyOf(this.userId, this.from, this.currency);
    const to = keyOf(this.userId, this.to, this.currency);
    const have = balance(m, from);
    if (a.status === 201) {
      const moved = dec(a.body.transaction.amount);
      if (this.amount !== 'all' && !moved.eq(this.amount)) throw new Error(`${this}: moved ${moved}`);
      if (alone && this.amount === 'all' && !moved.eq(have)) throw new Error(`${this}: moved ${moved}, had ${have}`);
      move(m, from, moved.neg());
      move(m, to, moved);
      if (a.sent) m.lastKeyed = { ...a.sent, response: { status: a.status, body: a.body, replayed: a.replayed } };
      return;
    }
    const refusals = [MSG.transferExceedsBalance, 'No available balance to transfer', MSG.enterValidAmount];
    expectKnownRefusal(a, refusals, String(this));
    if (!alone) return;
    const expected =
      this.amount === 'all'
        ? have.isZero()
          ? 'No available balance to transfer'
          : null
        : this.amount.isZero()
          ? MSG.enterValidAmount
          : this.amount.gt(have)
            ? MSG.transferExceedsBalance
            : null;
    if (a.body.error !== expected) throw new Error(`${this}: refused with '${a.body.error}', the model has ${have}`);
  }
}

class Withdraw implements Operation {
  constructor(
    readonly trader: number,
    readonly currency: string,
    readonly amount: Dec | 'all',
  ) {}
  private userId = 0;
  toString = () =>
    `withdraw(trader ${this.trader}, ${this.amount === 'all' ? 'all' : this.amount.toFixed()} ${this.currency})`;
  check = () => true;
  send(_m: Model, r: Real) {
    const user = r.traders[this.trader]!;
    this.userId = user.id;
    const body = {
      address: 'TModelWithdrawalAddress',
      currency: this.currency,
      transaction_password: '246810',
      ...(this.amount === 'all' ? { all_amount: true } : { amount: this.amount.toFixed() }),
    };
    return post(r, '/api-v1/withdraw/', user.token, body, newKey());
  }
  settle(m: Model, a: Answer, alone: boolean) {
    const funding = keyOf(this.userId, 'funding', this.currency);
    const have = balance(m, funding);
    if (a.status === 201) {
      const tx = a.body.transaction;
      const held = dec(tx.amount);
      if (this.amount !== 'all' && !held.eq(this.amount)) throw new Error(`${this}: held ${held}`);
      move(m, funding, held.neg());
      m.pending.set(tx.transaction_id, {
        id: tx.transaction_id,
        userId: this.userId,
        type: 'withdrawal',
        currency: this.currency,
        amount: held,
      });
      return;
    }
    if (a.status !== 400) throw new Error(`${this}: ${a.status} ${JSON.stringify(a.body)}`);
    const error: string = a.body.error;
    const known =
      error === MSG.withdrawalExceedsBalance ||
      error === MSG.enterValidAmount ||
      /Minimum withdrawal value is 50 USDT/.test(error);
    if (!known) throw new Error(`${this}: refused with '${error}'`);
    if (!alone) return;
    const amount = this.amount === 'all' ? have : this.amount;
    const enough = meetsWithdrawalMinimum(usdtValue(amount, PRICES[this.currency]!));
    const wanted =
      amount.isZero() && this.amount !== 'all'
        ? MSG.enterValidAmount
        : !enough
          ? 'minimum'
          : amount.gt(have)
            ? MSG.withdrawalExceedsBalance
            : null;
    const got = /Minimum withdrawal value/.test(error) ? 'minimum' : error;
    if (got !== wanted) throw new Error(`${this}: refused with '${error}', the model has ${have}`);
  }
}

/** Send the last acknowledged transfer again with its Idempotency-Key: a replay, nothing moves. */
class Retry implements Operation {
  toString = () => 'retry(last transfer, same key)';
  check = (m: Model) => m.lastKeyed !== undefined;
  private original?: Model['lastKeyed'];
  send(m: Model, r: Real) {
    this.original = m.lastKeyed!;
    return post(r, this.original.url, this.original.token, this.original.body, this.original.key);
  }
  settle(_m: Model, a: Answer) {
    if (
      !a.replayed ||
      a.status !== this.original!.response.status ||
      !isDeepStrictEqual(a.body, this.original!.response.body)
    ) {
      throw new Error(`${this}: not a replay: ${a.status} ${JSON.stringify(a.body)}`);
    }
  }
}

const trader = fc.integer({ min: 0, max: TRADERS - 1 });
const wallet = fc.constantFrom(...WALLETS);
const OPERATIONS: fc.Arbitrary<Operation>[] = [
  fc.tuple(trader, fc.oneof(amountArb(400), fc.constant(dec(0)))).map(([i, amount]) => new Deposit(i, amount)),
  fc
    .tuple(fc.constantFrom('approve' as const, 'cancel' as const), fc.nat())
    .map(([action, pick]) => new Review(action, pick)),
  fc
    .tuple(
      trader,
      wallet,
      wallet,
      fc.constantFrom('USDT', 'BTC'),
      fc.oneof(amountArb(300), fc.constant('all' as const)),
    )
    .map(
      ([i, from, to, currency, amount]) =>
        new Transfer(
          i,
          from,
          to,
          currency,
          amount === 'all' || currency === 'USDT' ? amount : amount.div(1000).toDecimalPlaces(8),
        ),
    ),
  fc
    .tuple(
      trader,
      fc.constantFrom('USDT', 'BTC'),
      fc.oneof({ weight: 4, arbitrary: amountArb(300) }, { weight: 1, arbitrary: fc.constant('all' as const) }),
    )
    .map(
      ([i, currency, amount]) =>
        new Withdraw(
          i,
          currency,
          amount === 'all' || currency === 'USDT' ? amount : amount.div(1000).toDecimalPlaces(8),
        ),
    ),
  fc.constant(null).map(() => new Retry()),
];

// ---- commands: one operation, or several at once ----

let realBalancesChecked = 0;

class Step implements fc.AsyncCommand<Model, Real> {
  constructor(readonly ops: Operation[]) {}
  check = (m: Readonly<Model>) => this.ops.every((op) => op.check(m as Model));
  async run(m: Model, r: Real) {
    const answers = await Promise.all(this.ops.map((op) => op.send(m, r)));
    const alone = this.ops.length === 1;
    // Successes first: a refusal beside them is judged against the state they left.
    const order = this.ops
      .map((_, i) => i)
      .sort((a, b) => Number(answers[b]!.status < 300) - Number(answers[a]!.status < 300));
    for (const i of order) this.ops[i]!.settle(m, answers[i]!, alone);
    await expectBalancesMatch(m, r);
  }
  toString = () => (this.ops.length === 1 ? String(this.ops[0]) : `[${this.ops.map(String).join(' | ')}]`);
}

async function realBalances(r: Real): Promise<Map<string, Dec>> {
  const rows = await r.t.db
    .select()
    .from(accounts)
    .where(
      inArray(
        accounts.userId,
        r.traders.map((u) => u.id),
      ),
    );
  return new Map(rows.map((a) => [keyOf(a.userId, a.wallet, a.currency), dec(a.balance)]));
}

async function expectBalancesMatch(m: Model, r: Real) {
  const real = await realBalances(r);
  realBalancesChecked++;
  for (const key of new Set([...real.keys(), ...m.balances.keys()])) {
    const got = real.get(key) ?? dec(0);
    if (got.isNegative()) throw new Error(`${key} is negative: ${got}`);
    if (!got.eq(balance(m, key)))
      throw new Error(`${key}: database ${got.toFixed()}, model ${balance(m, key).toFixed()}`);
  }
}

const steps = fc.commands(
  [
    ...OPERATIONS.map((op) => op.map((o) => new Step([o]))),
    fc.array(fc.oneof(...OPERATIONS), { minLength: 2, maxLength: 4 }).map((ops) => new Step(ops)),
  ],
  { maxCommands: 15 },
);

let t: TestApp;
let real: Real;
beforeAll(async () => {
  t = await createTestApp({ market: createFakeMarket(PRICES) });
  const traders = await Promise.all(Array.from({ length: TRADERS }, () => signUp(t)));
  const admin = await createAdmin(t);
  for (const user of traders) {
    await setTransactionPassword(t, user, '246810');
    await grant(t, user, 'funding', 'BTC', '0.05');
    await grant(t, user, 'lever', 'USDT', '150');
  }
  real = { t, traders, admin };
}, 60_000);
afterAll(() => t.close());

describe('money against a model', () => {
  it('keeps every balance equal to the model and never negative, one operation or several at once', async () => {
    let sequences = 0;
    let commands = 0;
    const started = Date.now();
    await fc.assert(
      fc.asyncProperty(steps, async (cmds) => {
        sequences++;
        commands += [...cmds].length;
        const setup = async () => ({
          model: { balances: await realBalances(real), pending: new Map() } as Model,
          real,
        });
        await fc.asyncModelRun(setup, cmds);
        const report = await checkLedger(t.db);
        if (report.mismatches.length > 0) throw new Error(`ledger: ${JSON.stringify(report.mismatches)}`);
      }),
      // No shrinking: the database keeps what earlier runs did, so a shorter replay does not mean the same.
      { numRuns: RUNS, endOnFailure: true },
    );
    console.log(
      `money model: ${sequences} command sequences (${commands} steps, some several operations at once) in ${((Date.now() - started) / 1000).toFixed(1)} s, balances compared ${realBalancesChecked} times, ledger clean`,
    );
    expect(sequences).toBeGreaterThanOrEqual(RUNS);
  }, 180_000);
});
