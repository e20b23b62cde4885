/**
 * See docs/decisions/0029-withdrawal-networks.md: the network of a withdrawal (optional; inferred from the address when
 * absent), its address checked with exact checksums, refusals that name the network and change
 * nothing (docs/security.md "## Withdrawal addresses and networks", docs/decisions/0029).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { ADDRESSES, tronAddress } from '../helpers/addresses.js';
import { createFakeMarket } from '../helpers/fake-market.js';
import { balanceOf, expectLedgerBalanced, fundWallet, grant, setTransactionPassword } from '../helpers/money.js';
import { call, signUp, type TestUser } from '../helpers/users.js';

let t: TestApp;
let user: TestUser;
const PASSWORD = '135791';

beforeAll(async () => {
  t = await createTestApp({ market: createFakeMarket({ BTC: '60000', ETH: '3000', USDO: '1' }) });
  user = await signUp(t);
  await setTransactionPassword(t, user, PASSWORD);
  await fundWallet(t, user, '1000');
  await grant(t, user, 'funding', 'BTC', '1');
  await grant(t, user, 'funding', 'ETH', '1');
  await grant(t, user, 'funding', 'USDO', '500');
});
afterAll(() => t.close());

const withdraw = (body: Record<string, unknown>) =>
  call(t, 'POST', '/api-v1/withdraw/', {
    token: user.token,
    body: { amount: '100', transaction_password: PASSWORD, all_amount: false, currency: 'USDT', ...body },
  });

/** One character changed: the kind of typo that loses money when nothing checks the checksum. */
const typo = (address: string, at: number, to: string) => address.slice(0, at) + to + address.slice(at + 1);

/** Every refusal below leaves the balances and the pending list as they were. */
async function expectNothingChanged(run: () => Promise<unknown>) {
  const before = await Promise.all(['USDT', 'BTC', 'ETH', 'USDO'].map((c) => balanceOf(t, user, 'funding', c)));
  const history = await call(t, 'GET', '/api-v1/transcations-history/', { token: user.token });
  await run();
  const after = await Promise.all(['USDT', 'BTC', 'ETH', 'USDO'].map((c) => balanceOf(t, user, 'funding', c)));
  expect(after).toEqual(before);
  expect((await call(t, 'GET', '/api-v1/transcations-history/', { token: user.token })).body).toEqual(history.body);
}

describe('a valid address on each network is accepted and its network stored', () => {
  it.each([
    ['USDT', 'TRC20', ADDRESSES.TRC20, '100'],
    ['USDT', 'ERC20', ADDRESSES.ERC20, '100'],
    ['ETH', 'ERC20', ADDRESSES.ERC20, '0.1'],
    ['BTC', 'BTC', ADDRESSES.BTC, '0.01'],
    ['BTC', 'BTC', '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa', '0.01'],
    ['BTC', 'BTC', 'bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqzk5jj0', '0.01'],
  ])('%s on %s to %s', async (currency, network, address, amount) => {
    const res = await withdraw({ currency, network, address, amount });
    expect(res).toMatchObject({ status: 201, body: { transaction: { network, address, currency, amount } } });
    const history = await call(t, 'GET', '/api-v1/transcations-history/', { token: user.token });
    expect(history.body[0]).toMatchObject({ transaction_id: res.body.transaction.transaction_id, network });
  });

  it('without a network (docs/product.md 3 payloads), infers it from the address', async () => {
    const trc = await withdraw({ address: tronAddress(7) });
    expect(trc).toMatchObject({ status: 201, body: { transaction: { network: 'TRC20' } } });
    const erc = await withdraw({ address: ADDRESSES.ERC20.toLowerCase() });
    expect(erc).toMatchObject({ status: 201, body: { transaction: { network: 'ERC20' } } });
    // The legacy spelling, lower-case coin and network.
    const legacy = await call(t, 'POST', '/api-v1/withdraw/', {
      token: user.token,
      body: { ticket_address: ADDRESSES.BTC, password: PASSWORD, amount: '0.01', currency: 'btc', network: 'btc' },
    });
    expect(legacy).toMatchObject({ status: 201, body: { transaction: { network: 'BTC', currency: 'BTC' } } });
  });

  it('shows the network to staff in the pending list', async () => {
    const res = await withdraw({ network: 'TRC20', address: tronAddress(8) });
    const { createAdmin } = await import('../helpers/users.js');
    const admin = await createAdmin(t);
    const queue = await call(t, 'GET', '/api-v3/admin/pending-transactions/?limit=200', { token: admin.token });
    expect(queue.body).toContainEqual(
      expect.objectContaining({ transaction_id: res.body.transaction.transaction_id, network: 'TRC20' }),
    );
  });
});

describe('a bad address is a 400 naming the network, and nothing changes', () => {
  it.each([
    ['TRC20', 'USDT', typo(ADDRESSES.TRC20, 5, 'k'), 'This is not a valid TRC20 address'],
    ['TRC20', 'USDT', 'TXqueue', 'This is not a valid TRC20 address'],
    ['TRC20', 'USDT', ADDRESSES.ERC20, 'This is not a valid TRC20 address'],
    ['ERC20', 'USDT', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD', 'This is not a valid ERC20 address'],
    ['ERC20', 'ETH', '0x5aaeb6053f3e94c9b9a09f33669435e7ef1beae', 'This is not a valid ERC20 address'],
    ['BTC', 'BTC', 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t5', 'This is not a valid BTC address'],
    ['BTC', 'BTC', typo('1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa', 33, 'b'), 'This is not a valid BTC address'],
    ['BTC', 'BTC', 'bc1qw508d6qejxtdg4c3zz4e5ct2jmumlh7gm7dfq', 'This is not a valid BTC address'],
  ])('%s (%s): %s', async (network, currency, address, message) => {
    await expectNothingChanged(async () => {
      const res = await withdraw({ network, currency, address, amount: currency === 'USDT' ? '100' : '0.1' });
      expect(res).toMatchObject({ status: 400, body: { error: message, fields: { address: message } } });
    });
  });

  it('infers the network of a broken address to name it', async () => {
    await expectNothingChanged(async () => {
      const trc = await withdraw({ address: typo(ADDRESSES.TRC20, 20, 'a') });
      expect(trc).toMatchObject({ status: 400, body: { error: 'This is not a valid TRC20 address' } });
      const btc = await withdraw({ currency: 'BTC', amount: '0.01', address: 'bc1qdestination' });
      expect(btc).toMatchObject({ status: 400, body: { error: 'This is not a valid BTC address' } });
      // The issue's own example: 'abc' is no address of any network.
      const abc = await withdraw({ address: 'abc' });
      expect(abc).toMatchObject({ status: 400, body: { error: 'This is not a valid USDT address on ERC20 or TRC20' } });
      const legacy = await withdraw({ address: undefined, ticket_address: '0xabc' });
      expect(legacy).toMatchObject({
        status: 400,
        body: { fields: { ticket_address: 'This is not a valid ERC20 address' } },
      });
    });
  });
});

describe('a network that does not carry the currency, or no network at all', () => {
  it('refuses USDT on the BTC network and BTC on TRC20 (400), changing nothing', async () => {
    await expectNothingChanged(async () => {
      const usdt = await withdraw({ network: 'BTC', address: ADDRESSES.BTC });
      expect(usdt).toMatchObject({
        status: 400,
        body: {
          error: 'USDT cannot be withdrawn on the BTC network. Choose ERC20 or TRC20',
          fields: { network: 'USDT cannot be withdrawn on the BTC network. Choose ERC20 or TRC20' },
        },
      });
      const btc = await withdraw({ currency: 'BTC', amount: '0.01', network: 'TRC20', address: ADDRESSES.TRC20 });
      expect(btc).toMatchObject({
        status: 400,
        body: { error: 'BTC cannot be withdrawn on the TRC20 network. Choose BTC' },
      });
      // A USDT withdrawal to a Bitcoin address without a network: no network of USDT has that shape.
      const inferred = await withdraw({ address: ADDRESSES.BTC });
      expect(inferred).toMatchObject({
        status: 400,
        body: { error: 'This is not a valid USDT address on ERC20 or TRC20' },
      });
    });
  });

  it('refuses an unknown network', async () => {
    await expectNothingChanged(async () => {
      const res = await withdraw({ network: 'SOL', address: ADDRESSES.TRC20 });
      expect(res).toMatchObject({
        status: 400,
        body: { error: 'Please choose a network: ERC20, TRC20 or BTC' },
      });
    });
  });

  it('refuses a coin with no network (the in-house USDO), whatever the address', async () => {
    await expectNothingChanged(async () => {
      const res = await withdraw({ currency: 'USDO', address: ADDRESSES.ERC20, amount: '100' });
      expect(res).toMatchObject({ status: 400, body: { error: 'USDO cannot be withdrawn' } });
    });
    await expectLedgerBalanced(t);
  });
});

describe('the address book checks addresses with the same validator (docs/decisions/0024-withdrawal-protection.md, 0029-withdrawal-networks.md)', () => {
  it('refuses a broken address and a network that does not carry the coin before any code is asked', async () => {
    const add = (body: Record<string, unknown>) =>
      call(t, 'POST', '/api-v1/withdrawal-addresses/', {
        token: user.token,
        body: { currency: 'USDT', label: 'Cold', code: '000000', ...body },
      });
    expect(await add({ address: typo(ADDRESSES.TRC20, 5, 'k') })).toMatchObject({
      status: 400,
      body: { error: 'This is not a valid TRC20 address' },
    });
    expect(await add({ address: ADDRESSES.TRC20, network: 'ERC20' })).toMatchObject({
      status: 400,
      body: { error: 'This is not a valid ERC20 address' },
    });
    expect(await add({ address: ADDRESSES.BTC })).toMatchObject({
      status: 400,
      body: { error: 'This is not a valid USDT address on ERC20 or TRC20' },
    });
    expect(await add({ currency: 'USDO', address: ADDRESSES.ERC20 })).toMatchObject({
      status: 400,
      body: { error: 'USDO cannot be withdrawn' },
    });
    // A valid address passes the format check and reaches the code check (a wrong code here).
    const valid = await add({ address: ADDRESSES.TRC20 });
    expect(valid.status).toBe(400);
    expect(valid.body.error).not.toMatch(/not a valid|cannot be withdrawn/);
  });
});
