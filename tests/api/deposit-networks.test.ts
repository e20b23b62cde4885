/**
 * Deposit networks (docs/decisions/0028-deposit-networks.md): the addresses endpoint fed by staff
 * Settings, the network and transaction hash a deposit request may carry, and one live deposit per hash.
 */
import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, transactions } from '../../src/server/db/schema.js';
import { DEPOSIT_MSG, canonicalTxHash } from '../../src/shared/api/deposits.js';
import { ADDRESSES } from '../helpers/addresses.js';
import type { TestApp } from '../helpers/app.js';
import { appWithStaff, balanceOf, expectLedgerBalanced } from '../helpers/money.js';
import { call, createUser, type TestUser } from '../helpers/users.js';

let t: TestApp;
let admin: TestUser;
let user: TestUser;
beforeAll(async () => {
  ({ t, admin } = await appWithStaff());
  user = await createUser(t);
});
afterAll(() => t.close());

const { ERC20: ERC_SENDER, TRC20: TRC_SENDER } = ADDRESSES;
const addresses = (currency: string, who: { token?: string } = user) =>
  call(t, 'GET', `/api-v1/deposit-addresses/?currency=${encodeURIComponent(currency)}`, { token: who.token });
const recharge = (who: TestUser, body: Record<string, unknown>, headers?: Record<string, string>) =>
  call(t, 'POST', '/api-v1/recharge/', {
    token: who.token,
    // A sender of the request's network (src/shared/addresses.ts checks it), unless the test names one.
    body: { amount: '100', payment_address: /erc20/i.test(String(body.network)) ? ERC_SENDER : TRC_SENDER, ...body },
    headers,
  });
const verify = (id: number, action: 'approve' | 'cancel') =>
  call(t, 'POST', `/api-v3/admin/transactions-verification/?transaction_id=${id}`, {
    token: admin.token,
    body: { action },
  });
const putSettings = (body: unknown, token = admin.token) => call(t, 'PUT', '/api-v3/admin/settings/', { token, body });
/** The staff queue's item for one transaction: the page that starts right before it. */
const queued = async (id: number) => {
  const page = id > 1 ? `after=${id - 1}&limit=1` : 'limit=1';
  const res = await call(t, 'GET', `/api-v3/admin/pending-transactions/?${page}`, {
    token: admin.token,
  });
  return (res.body as { transaction_id: number; network?: string; tx_hash?: string }[]).find(
    (p) => p.transaction_id === id,
  );
};

/** A fresh transaction hash: 64 hex characters no other test uses. */
const hex64 = () => randomBytes(32).toString('hex');
const depositCount = async () => (await t.db.select({ id: transactions.id }).from(transactions)).length;

describe('GET /api-v1/deposit-addresses/', () => {
  it("answers USDT's networks with today's DEPOSIT_ADDRESS_* values, SPEC's 50 USDT minimum and 1 confirmation", async () => {
    const res = await addresses('USDT');
    expect(res).toEqual({
      status: 200,
      headers: expect.anything(),
      body: [
        {
          network: 'ERC20',
          address: t.config.depositAddresses.ERC20,
          min_amount: '50',
          confirmations: 1,
          currency: 'USDT',
          // The staff-set shared addresses: credited by staff, not by the chain watcher (docs/decisions/0056).
          auto_credit: false,
        },
        {
          network: 'TRC20',
          address: t.config.depositAddresses.TRC20,
          min_amount: '50',
          confirmations: 1,
          currency: 'USDT',
          auto_credit: false,
        },
      ],
    });
    // Currency codes travel upper case: 'usdt' is the same coin.
    expect((await addresses(' usdt ')).body).toEqual(res.body);
  });

  it('answers BTC with the BTC network', async () => {
    const res = await addresses('BTC');
    expect(res.status).toBe(200);
    expect(res.body).toEqual([
      {
        network: 'BTC',
        address: t.config.depositAddresses.BTC,
        min_amount: '0.001',
        confirmations: 1,
        currency: 'BTC',
        auto_credit: false,
      },
    ]);
  });

  it.each([['ETH'], ['usdo'], ['__proto__'], ['constructor'], ['']])(
    'refuses a currency that cannot be deposited (%j) with 400 and a clear message',
    async (currency) => {
      const res = await addresses(currency);
      expect(res.status).toBe(400);
      expect(res.body.error).toBe(DEPOSIT_MSG.unknownCurrency(currency.toUpperCase()));
      expect(res.body.error).toMatch(/cannot be deposited\. Deposits are possible in USDT and BTC$/);
    },
  );

  it('refuses a missing currency with 400', async () => {
    const res = await call(t, 'GET', '/api-v1/deposit-addresses/', { token: user.token });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatch(/cannot be deposited/);
  });

  it('is for signed-in users only: anonymous and forged tokens get 401 and no address', async () => {
    for (const token of [undefined, 'not-a-token']) {
      const res = await addresses('USDT', { token });
      expect(res.status).toBe(401);
      expect(JSON.stringify(res.body)).not.toContain(t.config.depositAddresses.TRC20);
    }
  });
});

describe('the deposit request with a network and a transaction hash', () => {
  it("still takes SPEC's payload without them (network and tx_hash null)", async () => {
    const res = await call(t, 'POST', '/api-v1/recharge/', {
      token: user.token,
      body: { amount: '60', payment_address: ADDRESSES.TRC20 },
    });
    expect(res).toMatchObject({
      status: 201,
      body: { transaction: { type: 'deposit', status: 'pending', amount: '60', network: null, tx_hash: null } },
    });
    const item = await queued(res.body.transaction.transaction_id);
    expect(item).toBeDefined();
    expect(item).not.toHaveProperty('network');
    expect(item).not.toHaveProperty('tx_hash');
    await verify(res.body.transaction.transaction_id, 'cancel');
  });

  it('stores an ERC20 hash in lower case with its 0x, and staff see network and hash in the pending list', async () => {
    const trader = await createUser(t);
    const hash = `0X${hex64().toUpperCase()}`;
    const res = await recharge(trader, { network: 'erc20', tx_hash: `  ${hash} ` });
    const canonical = `0x${hash.slice(2).toLowerCase()}`;
    expect(res).toMatchObject({ status: 201, body: { transaction: { network: 'ERC20', tx_hash: canonical } } });
    const id: number = res.body.transaction.transaction_id;

    expect(await queued(id)).toMatchObject({
      network: 'ERC20',
      tx_hash: canonical,
      payment_address: ERC_SENDER,
    });
    const history = await call(t, 'GET', '/api-v1/transcations-history/', { token: trader.token });
    expect(history.body[0]).toMatchObject({ transaction_id: id, network: 'ERC20', tx_hash: canonical });
    // The staff user details list it the same way.
    const detail = await call(t, 'GET', `/api-v3/admin/users/${trader.id}/`, { token: admin.token });
    expect(detail.body.transactions[0]).toMatchObject({ transaction_id: id, network: 'ERC20', tx_hash: canonical });
  });

  it('stores a TRC20 hash as 64 lower-case hex characters', async () => {
    const hash = hex64();
    const res = await recharge(await createUser(t), { network: 'TRC20', tx_hash: hash.toUpperCase() });
    expect(res).toMatchObject({ status: 201, body: { transaction: { network: 'TRC20', tx_hash: hash } } });
  });

  it('takes a network without a hash, and an empty hash as none', async () => {
    const res = await recharge(await createUser(t), { network: 'TRC20', tx_hash: '' });
    expect(res).toMatchObject({ status: 201, body: { transaction: { network: 'TRC20', tx_hash: null } } });
  });

  it.each([
    ['ERC20 without its 0x', 'ERC20', () => hex64()],
    ['ERC20 one character short', 'ERC20', () => `0x${hex64().slice(1)}`],
    ['ERC20 one character long', 'ERC20', () => `0x${hex64()}a`],
    ['ERC20 with a non-hex character', 'ERC20', () => `0x${hex64().slice(1)}g`],
    ['ERC20 an address, not a hash', 'ERC20', () => '0x8f3Cf7ad23Cd3CaDbD9735AFf958023239c6A063'],
    ['TRC20 with a 0x', 'TRC20', () => `0x${hex64()}`],
    ['TRC20 one character short', 'TRC20', () => hex64().slice(1)],
    ['TRC20 with a space inside', 'TRC20', () => `${hex64().slice(0, 30)} ${hex64().slice(0, 34)}`],
    ['TRC20 an address, not a hash', 'TRC20', () => 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE'],
  ])('refuses %s with a 400 naming the network, and records nothing', async (_label, network, make) => {
    const before = await depositCount();
    const res = await recharge(user, { network, tx_hash: make() });
    expect(res).toMatchObject({
      status: 400,
      body: { error: DEPOSIT_MSG.invalidTxHash(network as 'ERC20' | 'TRC20') },
    });
    expect(res.body.error).toContain(`valid ${network} transaction hash`);
    expect(await depositCount()).toBe(before);
  });

  it('refuses a hash without a network, a network USDT does not travel on, and an unknown network', async () => {
    expect(await recharge(user, { tx_hash: hex64() })).toMatchObject({
      status: 400,
      body: { error: DEPOSIT_MSG.txHashNeedsNetwork },
    });
    expect(await recharge(user, { network: 'btc', tx_hash: hex64() })).toMatchObject({
      status: 400,
      body: { error: 'USDT cannot be deposited on the BTC network. Please choose ERC20 or TRC20' },
    });
    expect(await recharge(user, { network: 'SOL' })).toMatchObject({
      status: 400,
      body: { error: DEPOSIT_MSG.chooseNetwork },
    });
  });

  it('checks BTC transaction hashes as 64 hex characters, in lower case', () => {
    const hash = hex64();
    expect(canonicalTxHash('BTC', hash.toUpperCase())).toBe(hash);
    expect(canonicalTxHash('BTC', `0x${hash}`)).toBeNull();
    expect(canonicalTxHash('BTC', hash.slice(1))).toBeNull();
    expect(canonicalTxHash('BTC', `${hash.slice(1)}z`)).toBeNull();
  });
});

describe("the sender's address is one of its network's (src/shared/addresses.ts)", () => {
  const mixedCaseTypo = `${ADDRESSES.ERC20.slice(0, -1)}D`; // the EIP-55 example with its last letter's case flipped

  it.each([
    ['ERC20', 'a TRC20 address', ADDRESSES.TRC20, 'This is not a valid ERC20 address'],
    ['ERC20', 'a broken EIP-55 checksum', mixedCaseTypo, 'This is not a valid ERC20 address'],
    ['ERC20', '39 hex digits', ADDRESSES.ERC20.slice(0, -1), 'This is not a valid ERC20 address'],
    ['TRC20', 'an ERC20 address', ADDRESSES.ERC20, 'This is not a valid TRC20 address'],
    ['TRC20', 'a made-up T... name', 'TXsender', 'This is not a valid TRC20 address'],
    ['TRC20', 'a broken base58 checksum', `${ADDRESSES.TRC20.slice(0, -1)}u`, 'This is not a valid TRC20 address'],
    ['TRC20', 'a BTC address', ADDRESSES.BTC, 'This is not a valid TRC20 address'],
    [undefined, 'no shape of ERC20 or TRC20', 'my wallet', 'This is not a valid USDT address on ERC20 or TRC20'],
    [undefined, 'a made-up T... name', 'TXsender', 'This is not a valid TRC20 address'],
  ])('on %s refuses %s with 400 and a field message, and stores nothing', async (network, _label, sender, message) => {
    const [trader, before] = await Promise.all([createUser(t), depositCount()]);
    const res = await recharge(trader, { network, payment_address: sender, tx_hash: null });
    expect(res).toMatchObject({ status: 400, body: { error: message, fields: { payment_address: message } } });
    expect(await depositCount()).toBe(before);
  });

  it.each([
    ['ERC20', ADDRESSES.ERC20],
    ['ERC20', ADDRESSES.ERC20.toLowerCase()],
    ['TRC20', ADDRESSES.TRC20],
    [undefined, ADDRESSES.ERC20],
  ])("on %s takes a real sender's address (%s)", async (network, sender) => {
    const trader = await createUser(t);
    const res = await recharge(trader, { network, payment_address: ` ${sender} `, tx_hash: null });
    expect(res).toMatchObject({ status: 201, body: { transaction: { network: network ?? null } } });
    await verify(res.body.transaction.transaction_id as number, 'cancel');
  });
});

describe('a transaction hash pays one deposit', () => {
  it('refuses a hash another user already sent, in any case or spelling, with 409', async () => {
    const [first, second] = [await createUser(t), await createUser(t)];
    const hash = hex64();
    const ok = await recharge(first, { network: 'TRC20', tx_hash: hash });
    expect(ok.status).toBe(201);
    const before = await depositCount();
    for (const [who, body] of [
      [second, { network: 'TRC20', tx_hash: hash.toUpperCase() }],
      [first, { network: 'TRC20', tx_hash: hash }],
      // The same 64 characters named as an ERC20 hash: still the same hash.
      [second, { network: 'ERC20', tx_hash: `0x${hash}` }],
    ] as const) {
      expect(await recharge(who, body)).toMatchObject({ status: 409, body: { error: DEPOSIT_MSG.txHashUsed } });
    }
    expect(await depositCount()).toBe(before);
  });

  it('refuses it after approval too, and frees it once staff reject the deposit', async () => {
    const [first, second] = [await createUser(t), await createUser(t)];
    const approvedHash = `0x${hex64()}`;
    const approved = await recharge(first, { network: 'ERC20', tx_hash: approvedHash });
    await verify(approved.body.transaction.transaction_id, 'approve');
    expect((await recharge(second, { network: 'ERC20', tx_hash: approvedHash })).status).toBe(409);

    const rejectedHash = hex64();
    const rejected = await recharge(first, { network: 'TRC20', tx_hash: rejectedHash });
    await verify(rejected.body.transaction.transaction_id, 'cancel');
    expect(await recharge(second, { network: 'TRC20', tx_hash: rejectedHash })).toMatchObject({
      status: 201,
      body: { transaction: { tx_hash: rejectedHash } },
    });
    // ... but only once.
    expect((await recharge(first, { network: 'TRC20', tx_hash: rejectedHash })).status).toBe(409);
    expect(await balanceOf(t, first, 'funding', 'USDT')).toBe('100');
    expect(await balanceOf(t, second, 'funding', 'USDT')).toBe('0');
    await expectLedgerBalanced(t);
  });

  it('a retry with the same Idempotency-Key is answered again, not refused as a reused hash', async () => {
    const trader = await createUser(t);
    const body = { network: 'TRC20', tx_hash: hex64() };
    const headers = { 'idempotency-key': `retry-${hex64().slice(0, 16)}` };
    const first = await recharge(trader, body, headers);
    const retry = await recharge(trader, body, headers);
    expect(first.status).toBe(201);
    expect(retry).toMatchObject({ status: 201, body: first.body });
  });

  it('lets exactly one of many parallel requests with one hash through', async () => {
    const traders = await Promise.all(Array.from({ length: 8 }, () => createUser(t)));
    const hash = hex64();
    const results = await Promise.all(traders.map((who) => recharge(who, { network: 'TRC20', tx_hash: hash })));
    const statuses = results.map((r) => r.status).sort();
    expect(statuses).toEqual([201, 409, 409, 409, 409, 409, 409, 409]);
    for (const r of results.filter((r) => r.status === 409)) expect(r.body.error).toBe(DEPOSIT_MSG.txHashUsed);
    const rows = await t.db.select().from(transactions).where(eq(transactions.txHash, hash));
    expect(rows).toHaveLength(1);
  });
});

describe('staff edit the networks in Settings', () => {
  const edited = {
    deposit_addresses: {
      ERC20: '0x52908400098527886E0F7030069857D2E4169EE7',
      TRC20: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
      BTC: '3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy',
    },
    deposit_networks: {
      ERC20: { min_amount: '100.50', confirmations: 12 },
      TRC20: { min_amount: 60, confirmations: 19 },
      BTC: { min_amount: '0.0005', confirmations: 2 },
    },
  };

  it('refuses bad terms with 400 and changes nothing', async () => {
    const before = (await addresses('USDT')).body;
    for (const terms of [
      { min_amount: '0', confirmations: 1 },
      { min_amount: '-5', confirmations: 1 },
      { min_amount: '1e3', confirmations: 1 },
      { min_amount: '50', confirmations: 0 },
      { min_amount: '50', confirmations: 1.5 },
      { min_amount: '50', confirmations: '6' },
    ]) {
      const res = await putSettings({ deposit_networks: { ...edited.deposit_networks, TRC20: terms } });
      expect(res.status).toBe(400);
    }
    expect((await putSettings(edited, user.token)).status).toBe(403);
    expect((await addresses('USDT')).body).toEqual(before);
  });

  it('serves the edited addresses, minimums and confirmations, audited, and the FAQ bot gives the same addresses', async () => {
    const before = (await call(t, 'GET', '/api-v3/admin/settings/', { token: admin.token })).body.deposit_networks;
    expect(before).toEqual({
      ERC20: { min_amount: '50', confirmations: 1 },
      TRC20: { min_amount: '50', confirmations: 1 },
      BTC: { min_amount: '0.001', confirmations: 1 },
    });
    const saved = await putSettings(edited);
    expect(saved.status).toBe(200);
    expect(saved.body.settings.deposit_networks.ERC20).toEqual({ min_amount: '100.5', confirmations: 12 });

    expect((await addresses('USDT')).body).toEqual([
      {
        network: 'ERC20',
        address: edited.deposit_addresses.ERC20,
        min_amount: '100.5',
        confirmations: 12,
        currency: 'USDT',
        auto_credit: false,
      },
      {
        network: 'TRC20',
        address: edited.deposit_addresses.TRC20,
        min_amount: '60',
        confirmations: 19,
        currency: 'USDT',
        auto_credit: false,
      },
    ]);
    expect((await addresses('BTC')).body).toEqual([
      {
        network: 'BTC',
        address: edited.deposit_addresses.BTC,
        min_amount: '0.0005',
        confirmations: 2,
        currency: 'BTC',
        auto_credit: false,
      },
    ]);

    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'settings.deposit_networks'), eq(auditLog.actorId, admin.id)));
    expect(audit).toMatchObject({
      targetType: 'setting',
      targetId: 'deposit_networks',
      before,
      after: {
        ERC20: { min_amount: '100.5', confirmations: 12 },
        TRC20: { min_amount: '60', confirmations: 19 },
        BTC: { min_amount: '0.0005', confirmations: 2 },
      },
    });

    // One source of truth: the support bot's recharge-address answer shows the addresses the screen shows.
    const faq = await call(t, 'POST', '/api-v2/question-answer/', {
      token: user.token,
      body: { question: 'Platform recharge address' },
    });
    const answer: string = faq.body.answers[0].answer;
    // Only the networks the Deposit screen offers (USDT on ERC20 and TRC20), as the screen lists them.
    for (const [network, address] of Object.entries(edited.deposit_addresses))
      if (network === 'BTC') expect(answer).not.toContain(`${network}: `);
      else expect(answer).toContain(`${network}: ${address}`);
  });

  it("enforces the network's minimum on a deposit named on it", async () => {
    const trader = await createUser(t);
    expect(await recharge(trader, { amount: '100.4', network: 'ERC20' })).toMatchObject({
      status: 400,
      body: { error: 'Minimum recharge on ERC20 is 100.5 USDT' },
    });
    expect((await recharge(trader, { amount: '100.5', network: 'ERC20' })).status).toBe(201);
    expect((await recharge(trader, { amount: '60', network: 'TRC20' })).status).toBe(201);
    // SPEC's payload names no network: SPEC's 50 USDT minimum applies.
    expect((await recharge(trader, { amount: '55' })).status).toBe(201);
  });
});
