import type { Figure } from '../lib/report.js';
import type { BenchContext } from '../run.js';
export async function buildWeb(_log: (l: string) => void) {}
export async function runWeb(_ctx: BenchContext): Promise<Figure[]> {
  return [];
}
