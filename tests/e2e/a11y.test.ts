/**
 * axe-core on the main screens, light and dark: no serious or critical violation (issue 22), colour
 * contrast to WCAG AA included.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { TourSuite, tourStops, visit } from './helpers/tour.js';

// Evaluated rather than added as a <script>: the app's Content-Security-Policy (script-src 'self')
// rightly refuses inline scripts, and the check must see the page as served.
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const MAIN_SCREENS = [
  'login',
  'signup',
  'home',
  'markets',
  'assets',
  'lever',
  'deposit',
  'withdrawal',
  'support',
  'identity-verification',
  'admin-dashboard',
];

interface Violation {
  id: string;
  impact: string | null;
  help: string;
  nodes: Array<{ target: string[]; failureSummary?: string }>;
}

async function axeViolations(page: Page): Promise<Violation[]> {
  await page.evaluate(AXE_SOURCE);
  return page.evaluate(async () => {
    const axe = (
      window as unknown as { axe: { run: (ctx: Document, o: object) => Promise<{ violations: Violation[] }> } }
    ).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.slice(0, 5).map((n) => ({ target: n.target, failureSummary: n.failureSummary })),
    }));
  });
}

describe('accessibility (axe)', () => {
  const tour = new TourSuite();

  for (const scheme of ['light', 'dark'] as const) {
    it(`the main screens have no serious or critical violations (${scheme})`, async () => {
      const stops = tourStops(tour.cast).filter((s) => MAIN_SCREENS.includes(s.name));
      expect(stops).toHaveLength(MAIN_SCREENS.length);
      const violations: string[] = [];
      for (const stop of stops) {
        const { page, context } = await tour.pageFor(stop.visitor, { colorScheme: scheme });
        await visit(page, stop);
        for (const v of await axeViolations(page)) {
          if (v.impact !== 'critical' && v.impact !== 'serious') continue;
          const where = v.nodes.map((n) => `${n.target.join(' ')}: ${n.failureSummary ?? ''}`).join('\n    ');
          violations.push(`[${scheme}] ${stop.path} ${v.impact} ${v.id}: ${v.help}\n    ${where}`);
        }
        await context.close();
      }
      expect(violations).toEqual([]);
    }, 180_000);
  }
});
