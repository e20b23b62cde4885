/**
 * The Merkle sum tree (docs/proof-of-reserves.md) as properties: for any set of leaves, every leaf's path
 * verifies against the root and totals, and a leaf whose balances changed, or a path step whose sums
 * changed, never does.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { add, canonical } from './money.js';
import { buildLevels, leafHash, pathOf, verifyProof, type Sums, type TreeNode } from './proof-of-reserves.js';

const CURRENCIES = ['BTC', 'USDT'];
const amount = fc
  .tuple(fc.bigInt({ min: 0n, max: 10n ** 12n }), fc.integer({ min: 0, max: 8 }))
  .map(([units, places]) => canonical((Number(units) / 10 ** places).toFixed(places)));
const leafArb = fc.record({
  nonce: fc.stringMatching(/^[0-9a-f]{32}$/),
  balances: fc.record({ BTC: amount, USDT: amount }),
});

function treeOf(leaves: { nonce: string; balances: Sums }[]) {
  const levels = buildLevels(
    leaves.map((l): TreeNode => ({ hash: leafHash(l.nonce, l.balances, CURRENCIES), sums: l.balances })),
    CURRENCIES,
  );
  const root = levels.at(-1)![0]!;
  const proofOf = (index: number) => ({
    nonce: leaves[index]!.nonce,
    balances: leaves[index]!.balances,
    path: pathOf(
      index,
      levels.map((l) => l.length),
      (level, i) => levels[level]![i]!,
    ),
    root: root.hash,
    totals: root.sums,
  });
  return { root, proofOf };
}

describe('the Merkle sum tree', () => {
  it('every leaf of any tree verifies, and the root sums are the leaves added', () => {
    fc.assert(
      fc.property(fc.array(leafArb, { minLength: 1, maxLength: 40 }), (leaves) => {
        const { root, proofOf } = treeOf(leaves);
        for (const currency of CURRENCIES)
          expect(root.sums[currency]).toBe(
            canonical(leaves.reduce((sum, l) => add(sum, (l.balances as Sums)[currency]!), add(0, 0))),
          );
        leaves.forEach((_, i) => expect(verifyProof(proofOf(i)).ok).toBe(true));
      }),
    );
  });

  it('any changed leaf balance fails, whether or not the totals are changed to match', () => {
    fc.assert(
      fc.property(
        fc.array(leafArb, { minLength: 1, maxLength: 40 }),
        fc.nat(),
        fc.constantFrom(...CURRENCIES),
        amount,
        (leaves, pick, currency, delta) => {
          fc.pre(delta !== '0');
          const { proofOf } = treeOf(leaves);
          const proof = proofOf(pick % leaves.length);
          const changed = { ...proof.balances, [currency]: canonical(add(proof.balances[currency]!, delta)) };
          expect(verifyProof({ ...proof, balances: changed }).ok).toBe(false);
          const totals = { ...proof.totals, [currency]: canonical(add(proof.totals[currency]!, delta)) };
          expect(verifyProof({ ...proof, balances: changed, totals }).ok).toBe(false);
        },
      ),
    );
  });

  it('any changed sum on the path fails, even when the published totals move with it', () => {
    fc.assert(
      fc.property(
        fc.array(leafArb, { minLength: 2, maxLength: 40 }),
        fc.nat(),
        fc.nat(),
        fc.constantFrom(...CURRENCIES),
        amount,
        (leaves, pick, stepPick, currency, delta) => {
          fc.pre(delta !== '0');
          const { proofOf } = treeOf(leaves);
          const proof = proofOf(pick % leaves.length);
          const s = stepPick % proof.path.length;
          const path = proof.path.map((step, i) =>
            i === s
              ? { ...step, sums: { ...step.sums, [currency]: canonical(add(step.sums[currency]!, delta)) } }
              : step,
          );
          const totals = { ...proof.totals, [currency]: canonical(add(proof.totals[currency]!, delta)) };
          expect(verifyProof({ ...proof, path }).ok).toBe(false);
          expect(verifyProof({ ...proof, path, totals }).ok).toBe(false);
        },
      ),
    );
  });

  it("a negative amount on the path is refused: it could hide another customer's claim", () => {
    const a = { nonce: 'a'.repeat(32), balances: { BTC: '0', USDT: '100' } };
    const b = { nonce: 'b'.repeat(32), balances: { BTC: '0', USDT: '-100' } };
    // Built without the server's clamp: the totals would say nobody is owed anything.
    const { root, proofOf } = treeOf([a, b]);
    expect(root.sums.USDT).toBe('0');
    expect(verifyProof(proofOf(0))).toEqual({ ok: false, reason: 'negativeAmount' });
  });
});
