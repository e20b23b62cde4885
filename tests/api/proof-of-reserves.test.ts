/**
 * Proof of reserves (docs/proof-of-reserves.md, docs/decisions/0058): staff publish a Merkle sum tree of
 * the customers' balances; anyone reads its root and totals, each customer reads their own leaf and path,
 * and the path verifies against the root, with the shared verifier and with one written from the doc
 * alone. A balance changed in the stored leaf, or after the snapshot, does not verify; a negative
 * balance cannot lower a total; no one gets another user's leaf; only staff publish.
 */
import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADDRESS_MSG } from '../../src/shared/addresses.js';
import { RESERVES_MSG, type MyProofOfReserves, type ProofOfReserves } from '../../src/shared/api/reserves.js';
import { verifyProof } from '../../src/shared/proof-of-reserves.js';
import { auditLog } from '../../src/server/db/schema.js';
import { proofOfReservesLeaves } from '../../src/server/modules/reserves/schema.js';
import { customerLeaves } from '../../src/server/modules/reserves/snapshot.js';
import { readBooks } from '../../src/server/modules/ledger/index.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { expectLedgerBalanced, grant, staff } from '../helpers/money.js';
import { call, signUp, type TestUser } from '../helpers/users.js';

let t: TestApp;
let admin: TestUser;
let alice: TestUser;
let bob: TestUser;
let carol: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  admin = await staff(t);
  [alice, bob, carol] = [await signUp(t), await signUp(t), await signUp(t)];
  await grant(t, alice, 'funding', 'USDT', '120.5');
  await grant(t, alice, 'lever', 'USDT', '30');
  await grant(t, alice, 'second', 'BTC', '0.25');
  await grant(t, bob, 'legal', 'USDT', '7.00000001');
  for (let i = 0; i < 4; i++) await grant(t, await signUp(t), 'funding', 'USDT', String(10 + i));
  // Staff money is the house's side, never a customer's leaf.
  await grant(t, admin, 'funding', 'USDT', '1000000');
});
afterAll(() => t.close());

const publish = () => call<ProofOfReserves>(t, 'POST', '/api-v3/admin/proof-of-reserves/', { token: admin.token });
const mine = (user: TestUser) =>
  call<MyProofOfReserves>(t, 'GET', '/api-v1/proof-of-reserves/mine/', { token: user.token });
const published = () => call<ProofOfReserves>(t, 'GET', '/api-v1/proof-of-reserves/');
const totalsOf = (p: ProofOfReserves) => Object.fromEntries(p.currencies.map((c) => [c.currency, c.total_liabilities]));
const check = (proof: MyProofOfReserves, p: ProofOfReserves) =>
  verifyProof({ nonce: proof.nonce, balances: proof.balances, path: proof.path, root: p.root, totals: totalsOf(p) });

/**
 * A verifier written from docs/proof-of-reserves.md alone, with node:crypto: canonical sums, the leaf
 * and node formats, the walk up the path, the checks at the root.
 */
function verifyFromTheDoc(proof: MyProofOfReserves, p: ProofOfReserves): boolean {
  const currencies = p.currencies.map((c) => c.currency).sort();
  const sha = (s: string) => createHash('sha256').update(s, 'utf8').digest('hex');
  const trim = (a: string) => (a.includes('.') ? a.replace(/0+$/, '').replace(/\.$/, '') : a);
  const text = (sums: Record<string, string>) => currencies.map((c) => `${c}:${trim(sums[c]!)}`).join(',');
  // Exact addition of non-negative decimals as scaled BigInts (18 places).
  const scaled = (a: string) => BigInt(a.replace('.', '')) * 10n ** BigInt(18 - (a.split('.')[1]?.length ?? 0));
  const unscaled = (n: bigint) => trim(`${n / 10n ** 18n}.${(n % 10n ** 18n).toString().padStart(18, '0')}`);
  const valid = (sums: Record<string, string>) =>
    Object.keys(sums).sort().join() === currencies.join() && Object.values(sums).every((a) => /^\d+(\.\d+)?$/.test(a));
  if (!valid(proof.balances) || !proof.path.every((s) => valid(s.sums))) return false;
  let hash = sha(`leaf|${proof.nonce}|${text(proof.balances)}`);
  let sums = proof.balances;
  for (const step of proof.path) {
    const [l, r] =
      step.side === 'left'
        ? [
            { hash: step.hash, sums: step.sums },
            { hash, sums },
          ]
        : [{ hash, sums }, step];
    hash = sha(`node|${l.hash}|${text(l.sums)}|${r.hash}|${text(r.sums)}`);
    sums = Object.fromEntries(currencies.map((c) => [c, unscaled(scaled(l.sums[c]!) + scaled(r.sums[c]!))]));
  }
  return hash === p.root && p.currencies.every((c) => trim(c.total_liabilities) === sums[c.currency]);
}

describe('proof of reserves', () => {
  it('before the first snapshot: the public answer and /mine/ say none is published', async () => {
    const res = await published();
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ error: RESERVES_MSG.noSnapshot, code: 'reserves.noSnapshot' });
    expect((await mine(alice)).status).toBe(404);
  });

  it('only staff publish: a customer is refused and nothing is published', async () => {
    const res = await call(t, 'POST', '/api-v3/admin/proof-of-reserves/', { token: alice.token });
    expect(res.status).toBe(403);
    expect((await call(t, 'POST', '/api-v3/admin/proof-of-reserves/')).status).toBe(401);
    expect((await published()).status).toBe(404);
  });

  it("publishes the customers' totals (staff excluded), audited, and the books stay balanced", async () => {
    const res = await publish();
    expect(res.status).toBe(200);
    expect(res.body.leaf_count).toBe(6);
    expect(res.body.root).toMatch(/^[0-9a-f]{64}$/);
    expect(res.body.currencies).toEqual([
      { currency: 'BTC', total_liabilities: '0.25' },
      { currency: 'USDT', total_liabilities: '203.50000001' },
    ]);
    // The books' customer balances include the staff's 1,000,000 USDT; the proof does not.
    const books = await readBooks(t.db);
    expect(books.currencies.find((c) => c.currency === 'USDT')?.customer_balances).toBe('1000203.50000001');
    expect((await published()).body).toEqual(res.body);
    const [entry] = await t.db.select().from(auditLog).where(eq(auditLog.action, 'proof_of_reserves.publish'));
    expect(entry).toMatchObject({ actorId: admin.id, targetId: String(res.body.snapshot_id) });
    await expectLedgerBalanced(t);
  });

  it("a customer's proof verifies against the published root, with the shared verifier and one from the doc", async () => {
    const p = (await published()).body;
    const res = await mine(alice);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      snapshot_id: p.snapshot_id,
      root: p.root,
      balances: { BTC: '0.25', USDT: '150.5' },
    });
    expect(res.body.nonce).toMatch(/^[0-9a-f]{32}$/);
    expect(check(res.body, p)).toEqual({ ok: true, leaf: res.body.leaf_hash });
    expect(verifyFromTheDoc(res.body, p)).toBe(true);
    const bobs = (await mine(bob)).body;
    expect(check(bobs, p).ok).toBe(true);
    expect(verifyFromTheDoc(bobs, p)).toBe(true);
  });

  it('a balance changed after the snapshot does not verify against its root', async () => {
    const p = (await published()).body;
    await grant(t, alice, 'funding', 'USDT', '1');
    const proof = (await mine(alice)).body;
    // The stored leaf still proves the balances of the snapshot...
    expect(check(proof, p).ok).toBe(true);
    // ...and the balances of now do not.
    const now = { ...proof, balances: { ...proof.balances, USDT: '151.5' } };
    expect(check(now, p)).toEqual({ ok: false, reason: 'rootMismatch' });
    expect(verifyFromTheDoc(now, p)).toBe(false);
  });

  it('a leaf tampered in the database (a lowered balance) no longer verifies against the published root', async () => {
    const p = (await published()).body;
    const where = and(eq(proofOfReservesLeaves.snapshotId, p.snapshot_id), eq(proofOfReservesLeaves.userId, bob.id));
    const [row] = await t.db.select().from(proofOfReservesLeaves).where(where);
    await t.db
      .update(proofOfReservesLeaves)
      .set({ balances: { ...row!.balances, USDT: '1' } })
      .where(where);
    const tampered = (await mine(bob)).body;
    expect(tampered.balances.USDT).toBe('1');
    expect(check(tampered, p)).toEqual({ ok: false, reason: 'rootMismatch' });
    expect(verifyFromTheDoc(tampered, p)).toBe(false);
    await t.db.update(proofOfReservesLeaves).set({ balances: row!.balances }).where(where);
  });

  it("never hands a user another user's leaf; a user without a balance has none", async () => {
    const a = (await mine(alice)).body;
    const b = (await mine(bob)).body;
    expect(a.leaf_index).not.toBe(b.leaf_index);
    expect(JSON.stringify(b)).not.toContain(a.nonce);
    expect(JSON.stringify(a)).not.toContain(b.nonce);
    const none = await mine(carol);
    expect(none.status).toBe(404);
    expect(none.body).toMatchObject({ error: RESERVES_MSG.noLeaf, code: 'reserves.noLeaf' });
    expect((await mine(admin)).status).toBe(404);
  });

  it('anonymous /mine/ is 401', async () => {
    const res = await call(t, 'GET', '/api-v1/proof-of-reserves/mine/');
    expect(res.status).toBe(401);
    expect(typeof res.body.error).toBe('string');
  });

  it('a negative balance is clamped at 0 in the leaves: it cannot lower a total', () => {
    const { leaves } = customerLeaves([
      { userId: 1, currency: 'USDT', balance: '100' },
      { userId: 2, currency: 'USDT', balance: '-100' },
      { userId: 2, currency: 'BTC', balance: '1' },
    ]);
    expect(leaves).toEqual([
      { userId: 1, balances: { BTC: '0', USDT: '100' } },
      { userId: 2, balances: { BTC: '1', USDT: '0' } },
    ]);
  });

  it('a new snapshot replaces the latest; each has its own nonces', async () => {
    const before = (await mine(alice)).body;
    const next = (await publish()).body;
    expect(next.snapshot_id).toBeGreaterThan(before.snapshot_id);
    expect(next.currencies.find((c) => c.currency === 'USDT')?.total_liabilities).toBe('204.50000001');
    const after = (await mine(alice)).body;
    expect(after.nonce).not.toBe(before.nonce);
    expect(after.balances.USDT).toBe('151.5');
    expect(check(after, next).ok).toBe(true);
    expect(verifyFromTheDoc(after, next)).toBe(true);
  });
});

describe('reserve addresses', () => {
  const put = (user: TestUser, addresses: unknown) =>
    call(t, 'PUT', '/api-v3/admin/proof-of-reserves/reserve-addresses/', { token: user.token, body: { addresses } });
  const erc20 = '0x52908400098527886E0F7030069857D2E4169EE7';

  it('staff name them, checked per network, and they are published beside the totals', async () => {
    const bad = await put(admin, [{ currency: 'USDT', network: 'ERC20', address: '0x1234' }]);
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({
      error: ADDRESS_MSG.invalidFor('ERC20'),
      fields: { 'addresses.0.address': ADDRESS_MSG.invalidFor('ERC20') },
    });
    const twice = await put(admin, [
      { currency: 'ETH', network: 'ERC20', address: erc20 },
      { currency: 'ETH', network: 'ERC20', address: erc20.toLowerCase() },
    ]);
    expect(twice.status).toBe(400);
    expect(twice.body.error).toBe(RESERVES_MSG.duplicateAddress);
    expect((await published()).body.reserve_addresses).toEqual([]);

    const ok = await put(admin, [{ currency: 'USDT', network: 'ERC20', address: erc20 }]);
    expect(ok.status).toBe(200);
    expect((await published()).body.reserve_addresses).toEqual([
      { currency: 'USDT', network: 'ERC20', address: erc20 },
    ]);
    const [entry] = await t.db.select().from(auditLog).where(eq(auditLog.action, 'settings.reserve_addresses'));
    expect(entry).toMatchObject({ actorId: admin.id });
  });

  it('a customer cannot change them', async () => {
    expect((await put(alice, [])).status).toBe(403);
    expect((await published()).body.reserve_addresses).toHaveLength(1);
  });
});
