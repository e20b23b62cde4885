/**
 * The Merkle sum tree of the proof of reserves (docs/proof-of-reserves.md, docs/decisions/0058): the
 * server builds it from every customer's balances, the Safety Center screen and the tests check a
 * user's path with `verifyProof`. Both sides hash with the same code, so both compute identically.
 * The byte formats below are the contract of docs/proof-of-reserves.md; change them only with it.
 */
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import { add, canonical, dec } from './money.js';

/** Amounts per currency; every node of one tree names the same currencies (the snapshot's). */
export type Sums = Record<string, string>;

export interface TreeNode {
  hash: string;
  sums: Sums;
}

/** One step from a node to its parent: the sibling, and on which side of the parent it sits. */
export interface PathStep {
  side: 'left' | 'right';
  hash: string;
  sums: Sums;
}

const sha256Hex = (text: string) => bytesToHex(sha256(utf8ToBytes(text)));

/** "BTC:0.1,USDT:123.45": every currency of the snapshot in code-point order, canonical amounts. */
function canonicalSums(sums: Sums, currencies: readonly string[]): string {
  return [...currencies]
    .sort()
    .map((currency) => `${currency}:${canonical(dec(sums[currency] ?? '0'))}`)
    .join(',');
}

/** A leaf: sha256("leaf|" + nonce + "|" + canonical balances). */
export function leafHash(nonce: string, balances: Sums, currencies: readonly string[]): string {
  return sha256Hex(`leaf|${nonce}|${canonicalSums(balances, currencies)}`);
}

/**
 * A parent: sha256("node|" + left hash + "|" + left sums + "|" + right hash + "|" + right sums), its sums
 * the children's added. Both children's sums are hashed, not only their total, so no child can claim a
 * different split of the parent's sums.
 */
function parentOf(left: TreeNode, right: TreeNode, currencies: readonly string[]): TreeNode {
  const hash = sha256Hex(
    `node|${left.hash}|${canonicalSums(left.sums, currencies)}|${right.hash}|${canonicalSums(right.sums, currencies)}`,
  );
  const sums: Sums = {};
  for (const currency of currencies)
    sums[currency] = canonical(add(left.sums[currency] ?? '0', right.sums[currency] ?? '0'));
  return { hash, sums };
}

/**
 * Every level of the tree, leaves first, root last: pairs are (0,1), (2,3), ...; the last node of an
 * odd level goes up unchanged.
 */
export function buildLevels(leaves: TreeNode[], currencies: readonly string[]): TreeNode[][] {
  if (leaves.length === 0) throw new Error('a Merkle sum tree needs at least one leaf');
  const levels = [leaves];
  let level = leaves;
  while (level.length > 1) {
    const next: TreeNode[] = [];
    for (let i = 0; i < level.length; i += 2) {
      const right = level[i + 1];
      next.push(right === undefined ? level[i]! : parentOf(level[i]!, right, currencies));
    }
    levels.push(next);
    level = next;
  }
  return levels;
}

/** The position of a node's sibling on its level, or undefined when the node goes up alone. */
export function siblingIndex(index: number, levelSize: number): number | undefined {
  const sibling = index % 2 === 0 ? index + 1 : index - 1;
  return sibling < levelSize ? sibling : undefined;
}

/** The path of leaf `index` to the root, from stored levels (a level holding sibling nodes only is enough). */
export function pathOf(index: number, levelSizes: number[], nodeAt: (level: number, index: number) => TreeNode) {
  const path: PathStep[] = [];
  let at = index;
  for (let level = 0; level < levelSizes.length - 1; level++) {
    const sibling = siblingIndex(at, levelSizes[level]!);
    if (sibling !== undefined) path.push({ side: sibling < at ? 'left' : 'right', ...nodeAt(level, sibling) });
    at = Math.floor(at / 2);
  }
  return path;
}

export interface ProofToCheck {
  nonce: string;
  balances: Sums;
  path: PathStep[];
  /** The published root hash and totals (GET /api-v1/proof-of-reserves/). */
  root: string;
  totals: Sums;
}

export type ProofCheck =
  | { ok: true; leaf: string }
  | { ok: false; reason: 'negativeAmount' | 'currencyMismatch' | 'rootMismatch' | 'totalsMismatch' };

const isNonNegativeDecimal = (value: string) => /^\d+(\.\d+)?$/.test(value);

/**
 * Checks a user's proof: the leaf from the nonce and balances, then up the path to the root. Every
 * amount on the way must be a non-negative decimal (a negative sibling could hide liabilities), the
 * hash must reach the published root, and the sums must reach the published totals.
 */
export function verifyProof(proof: ProofToCheck): ProofCheck {
  const currencies = Object.keys(proof.totals).sort();
  const amounts = [proof.balances, ...proof.path.map((step) => step.sums)];
  for (const sums of amounts) {
    if (Object.keys(sums).sort().join(',') !== currencies.join(',')) return { ok: false, reason: 'currencyMismatch' };
    if (!Object.values(sums).every(isNonNegativeDecimal)) return { ok: false, reason: 'negativeAmount' };
  }
  const leaf = leafHash(proof.nonce, proof.balances, currencies);
  let node: TreeNode = { hash: leaf, sums: proof.balances };
  for (const step of proof.path) {
    const sibling = { hash: step.hash, sums: step.sums };
    node = step.side === 'left' ? parentOf(sibling, node, currencies) : parentOf(node, sibling, currencies);
  }
  if (node.hash !== proof.root) return { ok: false, reason: 'rootMismatch' };
  if (canonicalSums(node.sums, currencies) !== canonicalSums(proof.totals, currencies))
    return { ok: false, reason: 'totalsMismatch' };
  return { ok: true, leaf };
}
