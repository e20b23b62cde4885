/**
 * Deterministic noise for the simulator: integer hashes of (key, tag, n), so any instance can
 * compute the same "random" number for the same moment without shared state or stored history.
 * The keys come from the installation's market secret through HMAC-SHA256 (`keyOf`, once per
 * asset or pair at start), so the noise is unknown to whoever lacks the secret; the per-second hot
 * path stays the cheap integer hash below (docs/architecture.md section 7).
 */
import { createHmac } from 'node:crypto';

/** murmur3's finaliser: a cheap 32-bit avalanche. */
function fmix32(input: number): number {
  let h = input >>> 0;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/**
 * A 32-bit hash key for one use of the secret (`label`, e.g. `asset:BTC`): the first four bytes of
 * HMAC-SHA256(secret, label). Without the secret the keys, and so every future price, are unknown.
 */
export function keyOf(secret: Uint8Array, label: string): number {
  return createHmac('sha256', secret).update(label, 'utf8').digest().readUInt32BE(0);
}

/** A 32-bit hash of a key, a tag (which kind of noise) and an integer (any safe integer). */
function hash(key: number, tag: number, n: number): number {
  const lo = n >>> 0;
  const hi = Math.floor(n / 4294967296) | 0;
  let h = fmix32(key ^ 0x9e3779b9);
  h = fmix32(h ^ Math.imul(tag + 1, 0x27d4eb2d));
  h = fmix32(h ^ lo);
  return fmix32(h ^ hi ^ 0x165667b1);
}

/** Uniform in [0, 1). */
export const uniform = (key: number, tag: number, n: number): number => hash(key, tag, n) / 4294967296;

const IRWIN_HALL_SCALE = Math.sqrt(3);

/**
 * Roughly standard normal (mean 0, sd 1): the sum of four uniforms. Bounded at about ±3.5, so a
 * walk built from it never jumps absurdly.
 */
export function gaussian(key: number, tag: number, n: number): number {
  const a = hash(key, tag, n);
  const b = fmix32(a ^ 0x5bd1e995);
  const sum = (a & 0xffff) / 65536 + (a >>> 16) / 65536 + (b & 0xffff) / 65536 + (b >>> 16) / 65536;
  return (sum - 2) * IRWIN_HALL_SCALE;
}
