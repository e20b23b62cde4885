/**
 * Custody's outgoing half (docs/architecture.md "Custody", docs/decisions/0065) against a real anvil
 * chain, reached through a proxy the test can take down: an approved ERC20 withdrawal is signed by the
 * hot wallet and its arrival amount reaches the address; a node outage queues it with the reason and it
 * goes out once when the node is back; a crash between signing and broadcasting re-sends the same
 * bytes; two instances never send twice; deposits are swept (gas for the token sweep from the hot
 * wallet, booked on the house); the custody report equals the chain; the ledger and the books balance.
 */
import { createServer, request, type Server } from 'node:http';
import { eq } from 'drizzle-orm';
import { erc20Abi, formatEther, formatUnits, type Address } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { transactions } from '../../src/server/db/schema.js';
import { custodySends } from '../../src/server/modules/custody/schema.js';
import {
  createDepositWatcher,
  createPayouts,
  custodyChainOf,
  type DepositWatcher,
  type Payouts,
} from '../../src/server/modules/custody/index.js';
import { readBooks } from '../../src/server/modules/ledger/index.js';
import { anotherInstance, createTestApp, type TestApp } from '../helpers/app.js';
import { startTestChain, type TestChain } from '../helpers/anvil.js';
import { createFakeMarket } from '../helpers/fake-market.js';
import { balanceOf, expectLedgerBalanced, setTransactionPassword, staff } from '../helpers/money.js';
import { call, signUp, type TestUser } from '../helpers/users.js';

const CONFIRMATIONS = 2;
const PASSWORD = '135791';
let chain: TestChain;
let t: TestApp;
let watcher: DepositWatcher;
let payouts: Payouts;
let hot: Address;

/**
 * An HTTP proxy in front of anvil: `down` refuses every request; `loseSendAnswers` passes broadcasts
 * to the node but loses its answers (a crash or a cut connection after the node took the transaction).
 */
const proxy = { down: false, loseSendAnswers: false, server: undefined as Server | undefined };

function startProxy(target: string): Promise<string> {
  const { hostname, port } = new URL(target);
  proxy.server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      if (proxy.down) {
        req.socket.destroy(); // as a node that went away
        return;
      }
      const lose = proxy.loseSendAnswers && body.includes('eth_sendRawTransaction');
      const forward = request({ hostname, port, method: req.method, path: req.url, headers: req.headers }, (answer) => {
        if (lose) {
          answer.resume();
          answer.on('end', () => req.socket.destroy());
          return;
        }
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      });
      forward.on('error', () => req.socket.destroy());
      forward.end(body);
    });
  });
  return new Promise((resolve) =>
    proxy.server!.listen(0, '127.0.0.1', () => {
      const address = proxy.server!.address() as { port: number };
      resolve(`http://127.0.0.1:${address.port}`);
    }),
  );
}

beforeAll(async () => {
  chain = await startTestChain(CONFIRMATIONS);
  const url = await startProxy(chain.url);
  t = await createTestApp({
    env: { ...chain.env, EVM_RPC_URL: url },
    market: createFakeMarket({ BTC: '60000', ETH: '3000', USDO: '1' }),
  });
  const evm = custodyChainOf(t.config)!;
  hot = evm.hotWallet.address;
  watcher = createDepositWatcher(t.ctx, evm);
  payouts = createPayouts(t.ctx, evm);
  await watcher.pollOnce();
}, 60_000);
afterAll(async () => {
  await t?.close();
  proxy.server?.close();
  await chain?.stop();
});

const catchUp = async (w = watcher) => {
  for (let i = 0; i < 100; i++) if ((await w.pollOnce()).caughtUp) return;
  throw new Error('the watcher did not catch up');
};
const tokenBalance = async (address: string) =>
  formatUnits(
    await chain.client.readContract({
      address: chain.token,
      abi: erc20Abi,
      functionName: 'balanceOf',
      args: [address as Address],
    }),
    6,
  );
const ethBalance = async (address: string) =>
  formatEther(await chain.client.getBalance({ address: address as Address }));
const recipient = () => privateKeyToAccount(generatePrivateKey()).address;
const depositAddressOf = async (user: TestUser) =>
  (await call(t, 'GET', '/api-v1/deposit-addresses/?currency=USDT', { token: user.token })).body.find(
    (i: { network: string }) => i.network === 'ERC20',
  ).address as string;

/** A user whose funding wallet holds `usdt` that arrived on chain (credited by the watcher). */
async function depositor(usdt: string) {
  const user = await signUp(t);
  await setTransactionPassword(t, user, PASSWORD);
  await chain.sendUsdt(await depositAddressOf(user), usdt);
  await chain.mine(CONFIRMATIONS);
  await catchUp();
  expect(await balanceOf(t, user, 'funding', 'USDT')).toBe(usdt);
  return user;
}

/** Requested by the user and approved by staff over HTTP; answers the transaction's id. */
async function approvedWithdrawal(user: TestUser, to: string, amount: string, currency = 'USDT') {
  const res = await call(t, 'POST', '/api-v1/withdraw/', {
    token: user.token,
    body: { amount, currency, network: 'ERC20', address: to, transaction_password: PASSWORD, all_amount: false },
  });
  expect(res.status).toBe(201);
  const id: number = res.body.transaction.transaction_id;
  const approve = await call(t, 'POST', `/api-v3/admin/transactions-verification/?transaction_id=${id}`, {
    token: (await staff(t)).token,
    body: { action: 'approve' },
  });
  expect(approve.status).toBe(200);
  return id;
}

const rowOf = async (id: number) => (await t.db.select().from(transactions).where(eq(transactions.id, id)))[0]!;
const historyItem = async (user: TestUser, id: number) =>
  (
    (await call(t, 'GET', '/api-v1/transcations-history/', { token: user.token })).body as {
      transaction_id: number;
      tx_hash: string | null;
      chain_status: string | null;
    }[]
  ).find((item) => item.transaction_id === id)!;
const report = async () => {
  const res = await call(t, 'GET', '/api-v3/admin/custody/', { token: (await staff(t)).token });
  expect(res.status).toBe(200);
  return res.body as {
    enabled: boolean;
    gas_balance: string;
    currencies: {
      currency: string;
      hot_wallet: { address: string; balance: string };
      deposit_addresses_unswept: string;
      onchain_total: string;
      customer_liabilities: string;
      difference: string;
      last_block: number;
    }[];
    queue: { transaction_id: number; chain_status: string; chain_error: string | null; tx_hash: string | null }[];
  };
};
/** Passes (and blocks) until nothing is left open: every send final, the queue empty or stuck. */
async function settleAll(p = payouts) {
  for (let i = 0; i < 12; i++) {
    await p.pollOnce();
    await chain.mine(CONFIRMATIONS);
  }
  await p.pollOnce();
}
const expectBooksBalanced = async () => {
  await expectLedgerBalanced(t);
  expect((await readBooks(t.db)).balanced).toBe(true);
};

describe('withdrawals leave from the hot wallet after approval (docs/decisions/0065)', () => {
  it('short of everything it waits with the reason; funded with gas it sweeps the deposits and pays the arrival amount, once', async () => {
    const user = await depositor('500');
    const to = recipient();
    const id = await approvedWithdrawal(user, to, '100');
    expect(await historyItem(user, id)).toMatchObject({ chain_status: 'queued', tx_hash: null });

    // The hot wallet holds nothing: the withdrawal waits, staff see why, nothing is refunded.
    await payouts.pollOnce();
    expect(await rowOf(id)).toMatchObject({
      status: 'successful',
      chainStatus: 'queued',
      chainError: 'hot_wallet_short_token',
    });
    expect((await report()).queue).toMatchObject([
      { transaction_id: id, chain_status: 'queued', chain_error: 'hot_wallet_short_token' },
    ]);

    // The operator funds the hot wallet with gas: the deposit is swept (gas first), then the withdrawal is paid.
    await chain.sendEth(hot, '2');
    await settleAll();
    expect(await tokenBalance(to)).toBe('99'); // 100 less the 1 % fee
    const item = await historyItem(user, id);
    expect(item.chain_status).toBe('confirmed');
    const receipt = await chain.client.getTransactionReceipt({ hash: item.tx_hash as `0x${string}` });
    expect(receipt.from.toLowerCase()).toBe(hot.toLowerCase());
    expect(receipt.status).toBe('success');

    // The deposit address was swept to the hot wallet; the gas sent for it was not a deposit.
    expect(await tokenBalance(await depositAddressOf(user))).toBe('0');
    expect(await tokenBalance(hot)).toBe('401'); // 500 swept, 99 paid out
    await catchUp();
    expect(await balanceOf(t, user, 'funding', 'ETH')).toBe('0');
    const sends = await t.db.select().from(custodySends);
    expect(sends.map((s) => [s.kind, s.status]).sort()).toEqual([
      ['gas', 'confirmed'],
      ['sweep', 'confirmed'],
      ['withdrawal', 'confirmed'],
    ]);

    // More passes send nothing more.
    await settleAll();
    expect(await tokenBalance(to)).toBe('99');
    expect(await t.db.select().from(custodySends)).toHaveLength(3);

    // Every send's gas is booked on the house: fees paid the network, in ETH.
    const books = await readBooks(t.db);
    const eth = books.currencies.find((c) => c.currency === 'ETH')!;
    const gas = sends.reduce((sum, s) => sum + Number(s.networkFee), 0);
    expect(Number(eth.house_accounts.find((a) => a.name === 'fees')!.balance)).toBeCloseTo(-gas, 15);
    expect(Number(formatEther(2n * 10n ** 18n)) - Number(await ethBalance(hot))).toBeGreaterThan(0);
    await expectBooksBalanced();
  }, 120_000);

  it('an ETH withdrawal pays its arrival amount in ETH', async () => {
    const user = await depositor('50');
    await chain.sendEth(await depositAddressOf(user), '0.5');
    await chain.mine(CONFIRMATIONS);
    await catchUp();
    const to = recipient();
    const id = await approvedWithdrawal(user, to, '0.2', 'ETH');
    await settleAll();
    expect(await ethBalance(to)).toBe('0.198');
    expect(await historyItem(user, id)).toMatchObject({ chain_status: 'confirmed' });
    await expectBooksBalanced();
  }, 120_000);

  it('a node outage queues it with the reason; back, it goes out once', async () => {
    const user = await depositor('200');
    await settleAll(); // swept
    const to = recipient();
    const id = await approvedWithdrawal(user, to, '60');
    proxy.down = true;
    try {
      await expect(payouts.pollOnce()).rejects.toThrow();
      await expect(payouts.pollOnce()).rejects.toThrow();
      expect(await rowOf(id)).toMatchObject({ chainStatus: 'queued', chainError: 'node_unreachable', txHash: null });
      expect(await t.db.select().from(custodySends).where(eq(custodySends.transactionId, id))).toHaveLength(0);
      const down = await call(t, 'GET', '/api-v3/admin/custody/', { token: (await staff(t)).token });
      expect(down.status).toBe(503);
    } finally {
      proxy.down = false;
    }
    await settleAll();
    expect(await tokenBalance(to)).toBe('59.4');
    expect(await rowOf(id)).toMatchObject({ chainStatus: 'confirmed', chainError: null });
    await settleAll();
    expect(await tokenBalance(to)).toBe('59.4');
  }, 120_000);

  it('the answer to a broadcast lost (a crash, a cut): the restarted instance sends the same bytes, never a second payment', async () => {
    const user = await depositor('100');
    await settleAll();
    const to = recipient();
    const id = await approvedWithdrawal(user, to, '50');
    const nonceBefore = await chain.client.getTransactionCount({ address: hot });
    proxy.loseSendAnswers = true;
    try {
      await payouts.pollOnce(); // signed and stored; the node took it but the answer never came back
    } finally {
      proxy.loseSendAnswers = false;
    }
    const [stored] = await t.db.select().from(custodySends).where(eq(custodySends.transactionId, id));
    expect(stored).toMatchObject({ status: 'signed', error: 'node_unreachable', nonce: nonceBefore });
    expect(await rowOf(id)).toMatchObject({ chainStatus: 'queued' });

    const other = await anotherInstance(t);
    try {
      const restarted = createPayouts(other.ctx, custodyChainOf(other.ctx.config)!);
      await settleAll(restarted);
    } finally {
      await other.close();
    }
    await settleAll();
    expect(await tokenBalance(to)).toBe('49.5');
    const row = await rowOf(id);
    expect(row).toMatchObject({ chainStatus: 'confirmed', txHash: stored!.txHash });
    expect(await t.db.select().from(custodySends).where(eq(custodySends.transactionId, id))).toHaveLength(1);
    // The hot wallet's nonce moved by one for this withdrawal: nothing else was signed in its name.
    expect(await chain.client.getTransactionCount({ address: hot })).toBe(nonceBefore + 1);
  }, 120_000);

  it('two instances paying at once send each withdrawal once', async () => {
    const user = await depositor('300');
    await settleAll();
    const targets = [recipient(), recipient(), recipient()];
    for (const to of targets) await approvedWithdrawal(user, to, '50');
    const nonceBefore = await chain.client.getTransactionCount({ address: hot });
    const other = await anotherInstance(t);
    try {
      const second = createPayouts(other.ctx, custodyChainOf(other.ctx.config)!);
      for (let i = 0; i < 4; i++) {
        await Promise.all([payouts.pollOnce(), second.pollOnce(), payouts.pollOnce(), second.pollOnce()]);
        await chain.mine(CONFIRMATIONS);
      }
      await settleAll(second);
    } finally {
      await other.close();
    }
    for (const to of targets) expect(await tokenBalance(to)).toBe('49.5');
    expect(await chain.client.getTransactionCount({ address: hot })).toBe(nonceBefore + 3);
    await expectBooksBalanced();
  }, 120_000);
});

describe('reconciliation (docs/decisions/0065)', () => {
  it('the custody report equals the chain and the books; the gauge is on /metrics', async () => {
    const user = await depositor('25'); // not swept yet: on the deposit address
    const r = await report();
    expect(r.enabled).toBe(true);
    const usdt = r.currencies.find((c) => c.currency === 'USDT')!;
    expect(usdt.hot_wallet).toEqual({ address: hot, balance: await tokenBalance(hot) });
    const deposit = await depositAddressOf(user);
    expect(Number(usdt.deposit_addresses_unswept)).toBeGreaterThanOrEqual(25);
    expect(Number(usdt.onchain_total)).toBeCloseTo(
      Number(usdt.hot_wallet.balance) + Number(usdt.deposit_addresses_unswept),
      9,
    );
    expect(await tokenBalance(deposit)).toBe('25');
    const books = await readBooks(t.db);
    expect(usdt.customer_liabilities).toBe(books.currencies.find((c) => c.currency === 'USDT')!.customer_balances);
    expect(Number(usdt.difference)).toBeCloseTo(Number(usdt.onchain_total) - Number(usdt.customer_liabilities), 9);
    expect(usdt.last_block).toBe(Number((await chain.client.getBlock({ blockTag: 'latest' })).number));
    expect(r.gas_balance).toBe(await ethBalance(hot));
    // Every USDT customers hold here came in on this chain and only arrivals left: reserves cover them.
    expect(Number(usdt.difference)).toBeGreaterThanOrEqual(0);

    const { createReconciler } = await import('../../src/server/modules/custody/report.js');
    await createReconciler(t.ctx, custodyChainOf(t.config)!)();
    const metrics = await t.ctx.metrics.text();
    expect(metrics).toMatch(/coinfront_custody_reserves_minus_liabilities\{currency="USDT",network="ERC20"\} \d/);
  }, 60_000);

  it("publishes the hot wallet among the reserve addresses, beside staff's own", async () => {
    const admin = await staff(t);
    const published = await call(t, 'POST', '/api-v3/admin/proof-of-reserves/', { token: admin.token });
    expect(published.status).toBe(200);
    const proof = await call(t, 'GET', '/api-v1/proof-of-reserves/');
    expect(proof.body.reserve_addresses).toEqual([
      { currency: 'USDT', network: 'ERC20', address: hot },
      { currency: 'ETH', network: 'ERC20', address: hot },
    ]);
    // Staff's editor lists what staff set: saving it does not copy the hot wallet into the setting.
    const editor = await call(t, 'GET', '/api-v3/admin/proof-of-reserves/reserve-addresses/', { token: admin.token });
    expect(editor.body.addresses).toEqual([]);
  });

  it('is staff only', async () => {
    const user = await signUp(t);
    expect((await call(t, 'GET', '/api-v3/admin/custody/', { token: user.token })).status).toBe(403);
    expect((await call(t, 'GET', '/api-v3/admin/custody/')).status).toBe(401);
  });
});

describe('start-up', () => {
  it('refuses a node on another chain than EVM_CHAIN_ID with a sentence naming both', async () => {
    await expect(createTestApp({ env: { ...chain.env, EVM_CHAIN_ID: '1' } })).rejects.toThrow(
      `The EVM node at EVM_RPC_URL is on chain ${chain.chainId}, not EVM_CHAIN_ID 1`,
    );
  });
});
