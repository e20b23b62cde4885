/**
 * The simulator's price path: a keyed random walk that is a pure function of (key, step), the key
 * being derived from the installation's market secret and the asset (random.ts `keyOf`),
 * evaluated in O(log) time without any history.
 *
 * Time is cut into epochs of 2^20 one-second steps (about 12 days). The log-price offset from the
 * asset's anchor is pinned at every epoch boundary to a seeded normal draw (so prices wander but
 * stay plausible around the anchor), and inside an epoch it is a Brownian bridge between the two
 * pins, built by Lévy's midpoint construction: the midpoint of an interval [lo, hi] sits at the
 * mean of its ends plus a seeded normal displacement of sd sigma * sqrt((hi - lo) / 4). Reaching a
 * step walks down at most 20 midpoints, each keyed by its absolute step, so every instance and
 * every restart computes the same price for the same second, and increments between neighbouring
 * seconds have the chosen volatility.
 */
import { gaussian } from './random.js';

export const STEP_MS = 1_000;
const EPOCH_LEVELS = 20;
const EPOCH_STEPS = 2 ** EPOCH_LEVELS;
const STEPS_PER_DAY = 86_400;

const TAG_PIN = 1;
const TAG_MIDPOINT = 2;

export interface Walk {
  /** Price in USDT at a step (seconds since the Unix epoch). */
  priceAt(step: number): number;
}

export interface WalkParams {
  /** The asset's 32-bit key: keyOf(secret, `asset:<asset>`). */
  key: number;
  /** Anchor price in USDT. */
  anchor: number;
  /** Typical daily move (0.03 = 3 %). */
  dailyVolatility: number;
}

export function createWalk({ key, anchor, dailyVolatility }: WalkParams): Walk {
  if (dailyVolatility <= 0) return { priceAt: () => anchor };
  const sigma = dailyVolatility / Math.sqrt(STEPS_PER_DAY);
  // Pins a few days' moves from the anchor: long-run drift stays bounded.
  const pinSd = 3 * dailyVolatility;
  const pin = (epoch: number) => pinSd * gaussian(key, TAG_PIN, epoch);

  function logOffsetAt(step: number): number {
    const epoch = Math.floor(step / EPOCH_STEPS);
    const base = epoch * EPOCH_STEPS;
    const offset = step - base;
    let lo = 0;
    let hi = EPOCH_STEPS;
    let valueLo = pin(epoch);
    let valueHi = pin(epoch + 1);
    while (offset !== lo) {
      const half = (hi - lo) / 2;
      const mid = lo + half;
      const valueMid = (valueLo + valueHi) / 2 + sigma * Math.sqrt(half / 2) * gaussian(key, TAG_MIDPOINT, base + mid);
      if (offset < mid) {
        hi = mid;
        valueHi = valueMid;
      } else {
        lo = mid;
        valueLo = valueMid;
      }
    }
    return valueLo;
  }

  return { priceAt: (step) => anchor * Math.exp(logOffsetAt(step)) };
}
