/**
 * Deterministic noise for the simulator: integer hashes of (key, tag, n), so any instance can
 * compute the same "random" number for the same moment without shared state or stored history.
 */

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

/** FNV-1a of a string: turns the seed and asset names into hash keys. */
export function hashString(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return fmix32(h);
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
