/** Prints the table of the last run again (bench/results/latest.json), with targets re-checked: `npx tsx bench/show.ts`. */
import { readFileSync } from 'node:fs';
import { figure, formatTable, type Figure } from './lib/report.js';

const result = JSON.parse(readFileSync('bench/results/latest.json', 'utf8')) as {
  startedAt: string;
  seconds: number;
  figures: Figure[];
};
const figures = result.figures.map(({ ratio: _ratio, met: _met, ...f }) => figure(f));
console.log(`run of ${result.startedAt} (${result.seconds} s)\n\n${formatTable(figures)}`);
