/**
 * The exchange's request-weight budget (MARKET_SOURCE=binance, docs/decisions/0018-house-books.md). The exchange counts the
 * weight of every REST request per IP and minute (api.binance.com: 6000) and reports it in
 * `x-mbx-used-weight-1m`; past the limit it answers 429, and an IP that keeps going gets 418 (banned
 * for minutes to days). So:
 * - every answer's used-weight header is the truth about this minute (it counts other processes on
 *   our IP too); between answers we add the known weight of what we send;
 * - above `nonEssentialShare` of the limit only essential requests go (tickers, which keep the marks
 *   fresh); above `essentialShare` nothing goes until the minute turns;
 * - 429 and 418 stop every request for `Retry-After` when the exchange sends it, else for an
 *   exponential back-off (418, a ban, starts much longer); meanwhile callers serve from memory and
 *   the marks turn stale, rather than hammering.
 */

/** What the exchange charges (its documentation; the header corrects any drift). */
export const WEIGHT = {
  depth: 5, // limit 1-100
  klines: 2,
  exchangeInfo: 20,
  allTickers: 80,
  /** ticker/24hr?symbols=: 2 up to 20 symbols, 40 up to 100, 80 beyond. */
  tickers: (symbols: number) => (symbols <= 20 ? 2 : symbols <= 100 ? 40 : 80),
} as const;

export interface BudgetOptions {
  now: () => number;
  /** The exchange's request weight per minute (api.binance.com: 6000). */
  limit?: number;
  /** Share of the limit above which only essential requests go (default 0.8). */
  nonEssentialShare?: number;
  /** Share of the limit above which nothing goes until the minute turns (default 0.95). */
  essentialShare?: number;
  /** Back-off without Retry-After: 429 starts at initialMs, 418 at bannedMs; doubling up to maxMs. */
  backoff?: { initialMs: number; bannedMs: number; maxMs: number };
}

export interface HeadersLike {
  get(name: string): string | null;
}

const MINUTE_MS = 60_000;

/** Retry-After: delay-seconds or an HTTP date; null when absent or unreadable. */
export function retryAfterMs(value: string | null, now: number): number | null {
  if (value === null || value.trim() === '') return null;
  const text = value.trim();
  if (/^\d+$/.test(text)) return Number(text) * 1_000;
  const date = Date.parse(text);
  return Number.isNaN(date) ? null : Math.max(0, date - now);
}

export class UpstreamBudget {
  private readonly now: () => number;
  readonly limit: number;
  private readonly nonEssentialMax: number;
  private readonly essentialMax: number;
  private readonly backoff: { initialMs: number; bannedMs: number; maxMs: number };
  private minute = -1;
  private used = 0;
  private strikes = 0;
  /** No request before this time (ms): a 429 or 418 back-off. */
  blockedUntil = 0;

  constructor(options: BudgetOptions) {
    this.now = options.now;
    this.limit = options.limit ?? 6_000;
    this.nonEssentialMax = this.limit * (options.nonEssentialShare ?? 0.8);
    this.essentialMax = this.limit * (options.essentialShare ?? 0.95);
    this.backoff = options.backoff ?? { initialMs: 1_000, bannedMs: 120_000, maxMs: 3_600_000 };
  }

  /** Weight used this minute as far as we know (0 once the minute has turned). */
  usedWeight(): number {
    const minute = Math.floor(this.now() / MINUTE_MS);
    if (minute !== this.minute) {
      this.minute = minute;
      this.used = 0;
    }
    return this.used;
  }

  backingOff(): boolean {
    return this.now() < this.blockedUntil;
  }

  /** May a request of this weight go now? Essential: tickers (marks); the rest: depth, klines. */
  allows(weight: number, essential: boolean): boolean {
    if (this.backingOff()) return false;
    return this.usedWeight() + weight <= (essential ? this.essentialMax : this.nonEssentialMax);
  }

  /** A request of this weight is being sent. */
  spend(weight: number): void {
    this.used = this.usedWeight() + weight;
  }

  /**
   * An answer came back: take the exchange's count, and back off on 429 / 418.
   * Returns the back-off in ms when one started, else null.
   */
  observe(status: number, headers: HeadersLike | undefined): number | null {
    const reported = Number(headers?.get('x-mbx-used-weight-1m') ?? headers?.get('x-mbx-used-weight') ?? Number.NaN);
    if (Number.isFinite(reported) && reported >= 0) {
      this.usedWeight();
      this.used = reported;
    }
    if (status !== 429 && status !== 418) {
      if (status < 500) this.strikes = 0;
      return null;
    }
    const banned = status === 418;
    const told = retryAfterMs(headers?.get('retry-after') ?? null, this.now());
    const base = banned ? this.backoff.bannedMs : this.backoff.initialMs;
    const delay = told ?? Math.min(this.backoff.maxMs, base * 2 ** Math.min(this.strikes, 30));
    this.strikes++;
    this.blockedUntil = Math.max(this.blockedUntil, this.now() + delay);
    return delay;
  }
}
