/** The figures of a run: each measured value beside its baseline, the ratio, the target and whether it was met. */

interface Target {
  /** 'min': the value must be at least `value`; 'max': below it; 'atMost': at most it. */
  kind: 'min' | 'max' | 'atMost';
  value: number;
  /** Compare the ratio to the baseline instead of the value. */
  onRatio?: boolean;
}

export interface Figure {
  section: string;
  name: string;
  value: number | null;
  unit: string;
  baseline?: { name: string; value: number };
  ratio?: number;
  target?: Target;
  met?: boolean;
  note?: string;
}

export function figure(f: Omit<Figure, 'ratio' | 'met'>): Figure {
  const ratio = f.baseline && f.value !== null && f.baseline.value > 0 ? f.value / f.baseline.value : undefined;
  let met: boolean | undefined;
  if (f.target) {
    const subject = f.target.onRatio ? ratio : f.value;
    met =
      subject === undefined || subject === null
        ? false
        : f.target.kind === 'min'
          ? subject >= f.target.value
          : f.target.kind === 'atMost'
            ? subject <= f.target.value
            : subject < f.target.value;
  }
  // A figure measured with failed requests (noted) does not count as met.
  if (met && f.note?.includes('failed')) met = false;
  return { ...f, ...(ratio !== undefined ? { ratio } : {}), ...(met !== undefined ? { met } : {}) };
}

const num = (value: number | null, unit: string): string => {
  if (value === null) return 'n/a';
  const digits = Math.abs(value) >= 100 ? 0 : Math.abs(value) >= 10 ? 1 : 2;
  return `${value.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: 0 })}${unit ? ` ${unit}` : ''}`;
};

function targetText(f: Figure): string {
  if (!f.target) return '';
  const op = { min: '>=', max: '<', atMost: '<=' }[f.target.kind];
  return f.target.onRatio ? `ratio ${op} ${f.target.value}` : `${op} ${num(f.target.value, f.unit)}`;
}

/** A plain-text table (also pasted into docs/performance.md). */
export function formatTable(figures: Figure[]): string {
  const header = ['section', 'figure', 'value', 'baseline', 'ratio', 'target', 'result'];
  const rows = figures.map((f) => [
    f.section,
    f.name,
    num(f.value, f.unit),
    f.baseline ? `${num(f.baseline.value, f.unit)} (${f.baseline.name})` : '',
    f.ratio !== undefined ? f.ratio.toFixed(2) : '',
    targetText(f),
    f.met === undefined ? '' : f.met ? 'met' : 'MISSED',
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i]!)).join(' | ')} |`;
  return [line(header), `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`, ...rows.map(line)].join('\n');
}
