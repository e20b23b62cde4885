/**
 * Latencies in milliseconds, kept as bucket counts so millions of samples cost a few kilobytes and
 * histograms from several processes add up: 0.01 ms buckets below 100 ms, 1 ms buckets up to 100 s.
 */
const FINE_MS = 100;
const FINE_STEP = 0.01;
const FINE_BUCKETS = FINE_MS / FINE_STEP;
const COARSE_BUCKETS = 100_000 - FINE_MS;

export interface HistogramData {
  counts: number[];
  max: number;
}

export class Histogram {
  private counts = new Float64Array(FINE_BUCKETS + COARSE_BUCKETS);
  count = 0;
  max = 0;
  sum = 0;

  record(ms: number): void {
    const value = ms < 0 ? 0 : ms;
    const index =
      value < FINE_MS
        ? Math.floor(value / FINE_STEP)
        : Math.min(FINE_BUCKETS + Math.floor(value - FINE_MS), this.counts.length - 1);
    this.counts[index]! += 1;
    this.count += 1;
    this.sum += value;
    if (value > this.max) this.max = value;
  }

  /** The value below which `p` percent of the samples fall (upper edge of its bucket). */
  percentile(p: number): number {
    if (this.count === 0) return 0;
    const rank = Math.ceil((p / 100) * this.count);
    let seen = 0;
    for (let i = 0; i < this.counts.length; i++) {
      seen += this.counts[i]!;
      if (seen >= rank) {
        const upper = i < FINE_BUCKETS ? (i + 1) * FINE_STEP : FINE_MS + (i - FINE_BUCKETS + 1);
        return Math.min(upper, this.max);
      }
    }
    return this.max;
  }

  mean(): number {
    return this.count === 0 ? 0 : this.sum / this.count;
  }

  reset(): void {
    this.counts.fill(0);
    this.count = 0;
    this.max = 0;
    this.sum = 0;
  }

  /** A compact copy to send between processes (only non-empty buckets). */
  toData(): HistogramData & { sum: number } {
    const counts: number[] = [];
    this.counts.forEach((n, i) => {
      if (n > 0) counts.push(i, n);
    });
    return { counts, max: this.max, sum: this.sum };
  }

  add(data: HistogramData & { sum: number }): void {
    for (let i = 0; i < data.counts.length; i += 2) {
      const n = data.counts[i + 1]!;
      this.counts[data.counts[i]!]! += n;
      this.count += n;
    }
    this.sum += data.sum;
    if (data.max > this.max) this.max = data.max;
  }
}
