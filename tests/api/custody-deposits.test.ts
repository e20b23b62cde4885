/**
 * Deposits that arrive by themselves (docs/architecture.md "Custody", docs/decisions/0056, 0057),
 * against a real anvil chain with a deployed test USDT: per-user addresses, the watcher's credits
 * after the confirmations and not before, and the attacks on exactly-once: a restart, two instances,
 * a replayed range, a reorg, and a manual request naming the watcher's hash.
 */
import { eq, sql } from 'drizzle-orm';
import { getAddress } from 'viem';
import { mnemonicToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { custodyAddresses, custodyCursors } from '../../src/server/modules/custody/schema.js';
import { createDepositWatcher, custodyChainOf, type DepositWatcher } from '../../src/server/modules/custody/index.js';
import { readBooks } from '../../src/server/modules/ledger/index.js';
import { DEPOSIT_MSG } from '../../src/shared/api/deposits.js';
import { anotherInstance, createTestApp, type TestApp } from '../helpers/app.js';
import { startTestChain, TEST_CUSTODY_MNEMONIC, type TestChain } from '../helpers/anvil.js';
import { balanceOf, expectLedgerBalanced, staff } from '../helpers/money.js';
import { call, createUser, type TestUser } from '../helpers/users.js';
import { ADDRESSES } from '../helpers/addresses.js';

const CONFIRMATIONS = 3;
let chain: TestChain;
let t: TestApp;
let watcher: DepositWatcher;

beforeAll(async () => {
  chain = await startTestChain(CONFIRMATIONS);
  t = await createTestApp({ env: chain.env });
  watcher = createDepositWatcher(t.ctx, custodyChainOf(t.config)!);
  await watcher.pollOnce(); // the cursor starts here
}, 60_000);
afterAll(async () => {
  await t?.close();
  await chain?.stop();
});

const addressOf = async (user: TestUser, currency = 'USDT') => {
  const res = await call(t, 'GET', `/api-v1/deposit-addresses/?currency=${currency}`, { token: user.token });
  expect(res.status).toBe(200);
  return res.body.find((item: { network: string }) => item.network === 'ERC20') as {
    address: string;
    auto_credit: boolean;
    confirmations: number;
  };
};
const chainDeposits = async (user: TestUser) =>
  (await call(t, 'GET', '/api-v1/chain-deposits/', { token: user.token })).body as {
    tx_hash: string;
    status: string;
    confirmations: number;
    amount: string;
    currency: string;
  }[];
const history = async (user: TestUser) =>
  (await call(t, 'GET', '/api-v1/transcations-history/', { token: user.token })).body as {
    type: string;
    status: string;
    amount: string;
    currency: string;
    network: string;
    tx_hash: string | null;
  }[];
/** Passes until the watcher has read up to the chain's head. */
const catchUp = async (w = watcher) => {
  for (let i = 0; i < 100; i++) if ((await w.pollOnce()).caughtUp) return;
  throw new Error('the watcher did not catch up');
};
const expectBooksBalanced = async () => {
  await expectLedgerBalanced(t);
  expect((await readBooks(t.db)).balanced).toBe(true);
};

describe('deposit addresses (docs/decisions/0056)', () => {
  it("answers each user's own EIP-55 address on ERC20, stable, derived from the mnemonic at the stored index", async () => {
    const [a, b] = [await createUser(t), await createUser(t)];
    const [first, second] = [await addressOf(a), await addressOf(b)];
    expect(first).toMatchObject({ auto_credit: true, confirmations: CONFIRMATIONS });
    expect(first.address).not.toBe(second.address);
    expect(getAddress(first.address)).toBe(first.address);
    expect((await addressOf(a)).address).toBe(first.address);
    // ETH arrives on the same address.
    expect((await addressOf(a, 'ETH')).address).toBe(first.address);
    // A second instance (another process, same database) answers the same address.
    const other = await anotherInstance(t);
    try {
      const res = await other.app.inject({
        method: 'GET',
        url: '/api-v1/deposit-addresses/?currency=USDT',
        headers: { authorization: `Bearer ${a.token}` },
      });
      expect(res.json()[0].address).toBe(first.address);
    } finally {
      await other.close();
    }
    // Anyone with the phrase and the index derives it (BIP-44 m/44'/60'/0'/0/<index>): a restart does too.
    const [row] = await t.db.select().from(custodyAddresses).where(eq(custodyAddresses.userId, a.id));
    expect(mnemonicToAccount(TEST_CUSTODY_MNEMONIC, { addressIndex: row!.derivationIndex }).address).toBe(
      first.address,
    );
  });

  it('keeps the staff-set shared TRC20 address, auto_credit false', async () => {
    const user = await createUser(t);
    const res = await call(t, 'GET', '/api-v1/deposit-addresses/?currency=USDT', { token: user.token });
    expect(res.body.map((i: { network: string; auto_credit: boolean }) => [i.network, i.auto_credit])).toEqual([
      ['ERC20', true],
      ['TRC20', false],
    ]);
  });

  it('never gives one address to two users (unique index), even when asked at once', async () => {
    const users = await Promise.all([1, 2, 3, 4].map(() => createUser(t)));
    const addresses = await Promise.all(users.flatMap((u) => [addressOf(u), addressOf(u)]));
    const distinct = new Set(addresses.map((a) => a.address));
    expect(distinct.size).toBe(4);
    await expect(
      t.db.execute(
        sql`update custody_addresses set address = ${addresses[0]!.address} where user_id = ${users[1]!.id}`,
      ),
    ).rejects.toMatchObject({ cause: { constraint: 'custody_addresses_address_key' } });
  });
});

describe('the watcher credits after the confirmations, once (docs/decisions/0057)', () => {
  it('a USDT transfer: pending with its count, then credited to funding with the chain hash, a notification and a mail', async () => {
    const user = await createUser(t);
    const { address } = await addressOf(user);
    const hash = await chain.sendUsdt(address, '120.5');
    await catchUp();
    expect(await chainDeposits(user)).toMatchObject([{ tx_hash: hash, status: 'pending', confirmations: 1 }]);
    expect(await balanceOf(t, user, 'funding', 'USDT')).toBe('0');
    await chain.mine(1);
    await catchUp();
    expect(await chainDeposits(user)).toMatchObject([{ status: 'pending', confirmations: 2 }]);
    expect(await balanceOf(t, user, 'funding', 'USDT')).toBe('0');
    await chain.mine(1);
    await catchUp();
    expect(await chainDeposits(user)).toMatchObject([{ status: 'credited', confirmations: 3, amount: '120.5' }]);
    expect(await balanceOf(t, user, 'funding', 'USDT')).toBe('120.5');
    expect(await history(user)).toMatchObject([
      { type: 'deposit', status: 'successful', amount: '120.5', currency: 'USDT', network: 'ERC20', tx_hash: hash },
    ]);
    const notes = await call(t, 'GET', '/api-v1/notifications/', { token: user.token });
    expect(JSON.stringify(notes.body)).toMatch(/120\.5/);
    expect(t.mailbox.messages.some((m) => m.to === user.email && /120\.5/.test(JSON.stringify(m)))).toBe(true);
    // Staff see it in the user's transactions.
    const admin = await staff(t);
    const staffView = await call(t, 'GET', `/api-v3/admin/users/${user.id}/`, { token: admin.token });
    expect(staffView.body.transactions).toMatchObject([{ type: 'deposit', status: 'successful', tx_hash: hash }]);
    // More blocks and passes credit nothing more.
    await chain.mine(5);
    await catchUp();
    expect(await balanceOf(t, user, 'funding', 'USDT')).toBe('120.5');
    await expectBooksBalanced();
  });

  it('an ETH transfer: credited to the funding ETH wallet after the confirmations', async () => {
    const user = await createUser(t);
    const { address } = await addressOf(user, 'ETH');
    const hash = await chain.sendEth(address, '0.25');
    await catchUp();
    await chain.mine(1);
    await catchUp();
    expect(await balanceOf(t, user, 'funding', 'ETH')).toBe('0');
    await chain.mine(1);
    await catchUp();
    expect(await balanceOf(t, user, 'funding', 'ETH')).toBe('0.25');
    expect(await history(user)).toMatchObject([{ currency: 'ETH', network: 'ERC20', tx_hash: hash }]);
    await expectBooksBalanced();
  });

  it('a restart between detection and confirmation: the new process credits it, once', async () => {
    const user = await createUser(t);
    const { address } = await addressOf(user);
    await chain.sendUsdt(address, '70');
    await catchUp();
    const other = await anotherInstance(t);
    try {
      const restarted = createDepositWatcher(other.ctx, custodyChainOf(other.ctx.config)!);
      await chain.mine(CONFIRMATIONS);
      await catchUp(restarted);
      await catchUp(watcher);
      await catchUp(restarted);
    } finally {
      await other.close();
    }
    expect(await balanceOf(t, user, 'funding', 'USDT')).toBe('70');
    expect((await history(user)).length).toBe(1);
  });

  it('two instances polling at once credit once', async () => {
    const user = await createUser(t);
    const { address } = await addressOf(user);
    await chain.sendUsdt(address, '80');
    await chain.mine(CONFIRMATIONS);
    const other = await anotherInstance(t);
    try {
      const second = createDepositWatcher(other.ctx, custodyChainOf(other.ctx.config)!);
      const reports = await Promise.all([watcher.pollOnce(), second.pollOnce(), watcher.pollOnce(), second.pollOnce()]);
      expect(reports.filter((r) => r.ran).length).toBeGreaterThanOrEqual(1);
      await catchUp(second);
      await catchUp();
    } finally {
      await other.close();
    }
    expect(await balanceOf(t, user, 'funding', 'USDT')).toBe('80');
    expect((await history(user)).length).toBe(1);
    await expectBooksBalanced();
  });

  it('a replay of the whole range (the cursor set back) credits nothing again', async () => {
    const user = await createUser(t);
    const { address } = await addressOf(user);
    await chain.sendUsdt(address, '90');
    await chain.mine(CONFIRMATIONS);
    await catchUp();
    expect(await balanceOf(t, user, 'funding', 'USDT')).toBe('90');
    await t.db.update(custodyCursors).set({ blockNumber: 0 });
    await catchUp();
    expect(await balanceOf(t, user, 'funding', 'USDT')).toBe('90');
    expect((await history(user)).length).toBe(1);
    await expectBooksBalanced();
  });

  it('one transaction paying two users (two Transfer logs): both credited, each once', async () => {
    const [a, b] = [await createUser(t), await createUser(t)];
    const hash = await chain.sendUsdtMany([
      [(await addressOf(a)).address, '11'],
      [(await addressOf(b)).address, '12'],
    ]);
    await chain.mine(CONFIRMATIONS);
    await catchUp();
    await catchUp();
    expect(await balanceOf(t, a, 'funding', 'USDT')).toBe('11');
    expect(await balanceOf(t, b, 'funding', 'USDT')).toBe('12');
    // The first keeps the hash on its record; the unique live-hash index leaves the second's in custody_deposits.
    expect((await history(a))[0]!.tx_hash).toBe(hash);
    expect(await chainDeposits(b)).toMatchObject([{ tx_hash: hash, status: 'credited' }]);
    await expectBooksBalanced();
  });
});

describe('a reorg shallower than the confirmations (anvil snapshot / revert)', () => {
  it('removes a pending deposit the new chain does not have, and credits nothing', async () => {
    const user = await createUser(t);
    const { address } = await addressOf(user);
    const snapshot = await chain.test.snapshot();
    await chain.sendUsdt(address, '55');
    await catchUp();
    expect(await chainDeposits(user)).toMatchObject([{ status: 'pending' }]);
    await chain.test.revert({ id: snapshot });
    await chain.mine(CONFIRMATIONS + 2); // other blocks at the same heights
    await catchUp();
    expect(await chainDeposits(user)).toEqual([]);
    expect(await balanceOf(t, user, 'funding', 'USDT')).toBe('0');
    expect(await history(user)).toEqual([]);
  });

  it('a transfer the new chain includes again (same hash, another block) is credited once', async () => {
    const user = await createUser(t);
    const { address } = await addressOf(user);
    const snapshot = await chain.test.snapshot();
    const signed = await chain.wallet.prepareTransactionRequest({
      account: chain.wallet.account!,
      chain: chain.wallet.chain,
      to: address as `0x${string}`,
      value: 10n ** 15n,
    });
    const raw = await chain.wallet.signTransaction({
      ...signed,
      account: chain.wallet.account!,
      chain: chain.wallet.chain,
    });
    const hash = await chain.wallet.sendRawTransaction({ serializedTransaction: raw });
    await chain.client.waitForTransactionReceipt({ hash, pollingInterval: 50 });
    await chain.mine(1);
    await catchUp();
    expect(await chainDeposits(user)).toMatchObject([{ tx_hash: hash, status: 'pending', confirmations: 2 }]);
    await chain.test.revert({ id: snapshot });
    await chain.mine(1); // a new block at the old height, without it
    await chain.wallet.sendRawTransaction({ serializedTransaction: raw }); // included again, one block higher
    await chain.mine(CONFIRMATIONS);
    await catchUp();
    await chain.mine(1);
    await catchUp();
    expect(await balanceOf(t, user, 'funding', 'ETH')).toBe('0.001');
    expect(await chainDeposits(user)).toMatchObject([{ tx_hash: hash, status: 'credited' }]);
    await expectBooksBalanced();
  });
});

describe('a manual request naming the hash the watcher credits (docs/decisions/0057)', () => {
  const recharge = (user: TestUser, hash: string, amount = '500') =>
    call(t, 'POST', '/api-v1/recharge/', {
      token: user.token,
      body: { amount, payment_address: ADDRESSES.ERC20, network: 'ERC20', tx_hash: hash },
    });

  it('after the credit: refused as a used hash', async () => {
    const user = await createUser(t);
    const hash = await chain.sendUsdt((await addressOf(user)).address, '60');
    await chain.mine(CONFIRMATIONS);
    await catchUp();
    expect(await recharge(user, hash)).toMatchObject({ status: 409, body: { error: DEPOSIT_MSG.txHashUsed } });
    expect(await balanceOf(t, user, 'funding', 'USDT')).toBe('60');
  });

  it("before the credit: the owner's pending request becomes the chain's deposit (the chain's amount), paid once", async () => {
    const user = await createUser(t);
    const hash = await chain.sendUsdt((await addressOf(user)).address, '65');
    await catchUp();
    expect((await recharge(user, hash, '500')).status).toBe(201);
    await chain.mine(CONFIRMATIONS);
    await catchUp();
    expect(await balanceOf(t, user, 'funding', 'USDT')).toBe('65');
    expect(await history(user)).toMatchObject([{ status: 'successful', amount: '65', tx_hash: hash }]);
    const admin = await staff(t);
    const queue = await call(t, 'GET', '/api-v3/admin/pending-transactions/', { token: admin.token });
    expect(JSON.stringify(queue.body)).not.toContain(hash);
  });

  it('staff approved the request before the confirmations: the watcher pays nothing more', async () => {
    const user = await createUser(t);
    const hash = await chain.sendUsdt((await addressOf(user)).address, '75');
    const request = await recharge(user, hash, '75');
    const admin = await staff(t);
    const approve = await call(
      t,
      'POST',
      `/api-v3/admin/transactions-verification/?transaction_id=${request.body.transaction.transaction_id}`,
      { token: admin.token, body: { action: 'approve' } },
    );
    expect(approve.status).toBe(200);
    await chain.mine(CONFIRMATIONS);
    await catchUp();
    expect(await balanceOf(t, user, 'funding', 'USDT')).toBe('75');
    expect(await chainDeposits(user)).toMatchObject([{ status: 'credited' }]);
    await expectBooksBalanced();
  });

  it("an attacker naming the victim's hash in their own request gets nothing; the victim is credited", async () => {
    const [victim, attacker] = [await createUser(t), await createUser(t)];
    const hash = await chain.sendUsdt((await addressOf(victim)).address, '300');
    const claim = await recharge(attacker, hash, '300');
    expect(claim.status).toBe(201);
    await chain.mine(CONFIRMATIONS);
    await catchUp();
    expect(await balanceOf(t, victim, 'funding', 'USDT')).toBe('300');
    expect(await balanceOf(t, attacker, 'funding', 'USDT')).toBe('0');
    expect(await history(attacker)).toMatchObject([{ status: 'cancel', tx_hash: hash }]);
    await expectBooksBalanced();
  });
});

describe('the dev chain faucet (EVM_DEV_CHAIN=1, staff only)', () => {
  it('sends test USDT to a user address, which the watcher then credits; refuses users and bad input', async () => {
    const dev = await createTestApp({ env: { ...chain.env, EVM_DEV_CHAIN: '1' } });
    try {
      const devWatcher = createDepositWatcher(dev.ctx, custodyChainOf(dev.config)!);
      await devWatcher.pollOnce();
      const admin = await staff(dev);
      const user = await createUser(dev);
      const own = await call(dev, 'GET', '/api-v1/deposit-addresses/?currency=USDT', { token: user.token });
      const address: string = own.body[0].address;
      const faucet = (token: string, body: unknown) => call(dev, 'POST', '/api-v3/admin/dev-faucet/', { token, body });
      expect((await faucet(user.token, { address, currency: 'USDT', amount: '5' })).status).toBe(403);
      expect(await faucet(admin.token, { address: '0x12', currency: 'USDT', amount: '5' })).toMatchObject({
        status: 400,
        body: { error: 'Please enter a 0x address of 40 hexadecimal characters' },
      });
      const sent = await faucet(admin.token, { address, currency: 'USDT', amount: '5' });
      expect(sent.status).toBe(200);
      await chain.client.waitForTransactionReceipt({ hash: sent.body.tx_hash, pollingInterval: 50 });
      await chain.mine(CONFIRMATIONS);
      for (let i = 0; i < 100 && !(await devWatcher.pollOnce()).caughtUp; i++);
      expect(await balanceOf(dev, user, 'funding', 'USDT')).toBe('5');
    } finally {
      await dev.close();
    }
  });
});
