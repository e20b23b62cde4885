/** Password hashing with scrypt (memory-hard, built into Node). Format: scrypt$N$r$p$salt$hash. */
import { randomBytes, scrypt as scryptCb, timingSafeEqual, type ScryptOptions } from 'node:crypto';

const scrypt = (password: string, salt: Buffer, keylen: number, options: ScryptOptions) =>
  new Promise<Buffer>((resolve, reject) =>
    scryptCb(password, salt, keylen, options, (error, key) => (error ? reject(error) : resolve(key))),
  );

/** log2 of N in production: N=2^15, r=8 is 32 MiB per hash, about 60-180 ms on one core. */
export const PRODUCTION_PASSWORD_HASH_COST = 15;
/** The cheapest cost configuration accepts (the test suite's): N=2^10, about 2 ms. */
export const MIN_PASSWORD_HASH_COST = 10;
const BLOCK_SIZE = 8;
const KEY_LENGTH = 32;
const MAX_MEMORY = 64 * 1024 * 1024;

/** A new hash at `cost` (config.passwordHashCost); verification reads the cost from the stored hash. */
export async function hashPassword(password: string, cost: number): Promise<string> {
  const salt = randomBytes(16);
  const N = 2 ** cost;
  const key = await scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, {
    N,
    r: BLOCK_SIZE,
    p: 1,
    maxmem: MAX_MEMORY,
  });
  return ['scrypt', N, BLOCK_SIZE, 1, salt.toString('base64url'), key.toString('base64url')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [algorithm, n, r, p, salt, hash] = stored.split('$');
  if (algorithm !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  const key = await scrypt(password.normalize('NFKC'), Buffer.from(salt, 'base64url'), expected.length, {
    N: Number(n),
    r: Number(r),
    p: Number(p),
    maxmem: MAX_MEMORY,
  });
  return timingSafeEqual(key, expected);
}

const dummyHashes = new Map<number, Promise<string>>();

/** A hash at `cost` to compare against when the user does not exist, so timing does not reveal accounts. */
export function dummyHash(cost: number): Promise<string> {
  let hash = dummyHashes.get(cost);
  if (!hash) dummyHashes.set(cost, (hash = hashPassword(randomBytes(16).toString('hex'), cost)));
  return hash;
}
