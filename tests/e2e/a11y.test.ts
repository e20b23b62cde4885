/**
 * axe-core on every route of the tour (user and staff), with the sheets and drawers the walk opens,
 * light and dark: no serious or critical violation of WCAG 2.0/2.1/2.2 A and AA or axe's best
 * practices, colour contrast included (docs/decisions/0042-accessibility-checks.md; docs/architecture.md
 * "## Accessibility"). The same walk measures every route at 360, 390 and 430 px for sideways overflow
 * (helpers/layout.ts; docs/product.md: mobile-first, no overflow), so each theme walks the tour once
 * for both checks. One page per theme walks the routes in order, in-app (helpers/tour.ts walk),
 * loading the page only to sign in as the next visitor when the tour changes hands.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { atWidth, PHONE_WIDTHS, sideways } from './helpers/layout.js';
import { TourSuite, tourStops, visit, walk } from './helpers/tour.js';

// Evaluated rather than added as a <script>: the app's Content-Security-Policy (script-src 'self')
// rightly refuses inline scripts, and the check must see the page as served.
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * The rules checked in the light theme: WCAG 2.0 and 2.1, A and AA, and axe's best practices (WCAG 2.2's
 * target-size is not part of the issue: docs/decisions/0042-accessibility-checks.md).
 */
const AXE_RUN = { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] } };
/**
 * The dark theme changes colours only (the `dark` class swaps CSS variables; src/web/styles.css), so
 * there axe checks the rules that read colours; the structure was checked in light.
 */
const AXE_RUN_DARK = { runOnly: { type: 'rule', values: ['color-contrast', 'link-in-text-block'] } };

/**
 * The overlays opened on a stop after its own check: each is opened, checked with the page behind
 * it, and closed with Escape. Keyed by the stop's name in tourStops.
 */
const OVERLAYS: Record<string, Array<{ name: string; open: (page: Page) => Promise<void> }>> = {
  home: [
    {
      name: 'account drawer',
      open: async (page) => {
        await page.getByRole('button', { name: /Open menu/ }).click();
        await page.getByRole('dialog').getByText('Grace Hopper').waitFor();
      },
    },
    {
      name: 'notifications',
      open: async (page) => {
        await page.getByRole('button', { name: /^Notifications/ }).click();
        await page.getByRole('dialog', { name: 'Notifications' }).waitFor();
      },
    },
    {
      name: 'language picker',
      open: async (page) => {
        await page.getByRole('button', { name: /^Language/ }).click();
        await page.getByRole('dialog', { name: 'Language' }).waitFor();
      },
    },
  ],
  lever: [
    {
      name: 'coin drawer',
      open: async (page) => {
        await page.getByRole('button', { name: /choose a coin/ }).click();
        await page.getByRole('dialog').getByText('ETH/USDT').waitFor();
      },
    },
  ],
  'lock-up': [
    {
      name: 'lock-up sheet',
      open: async (page) => {
        await page.getByRole('button', { name: 'Lock up Pro 15' }).click();
        await page.getByRole('dialog').waitFor();
      },
    },
  ],
  'admin-dashboard': [
    {
      name: 'staff menu',
      open: async (page) => {
        await page.getByRole('button', { name: 'Open menu' }).click();
        await page.getByRole('dialog').waitFor();
      },
    },
  ],
};

interface Violation {
  id: string;
  impact: string | null;
  help: string;
  nodes: Array<{ target: string[]; failureSummary?: string }>;
}

/** axe's findings on the page as it stands; axe itself is injected once per document. */
async function axeViolations(page: Page, options: object): Promise<Violation[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  return page.evaluate(async (options) => {
    const axe = (
      window as unknown as { axe: { run: (ctx: Document, o: object) => Promise<{ violations: Violation[] }> } }
    ).axe;
    const result = await axe.run(document, { ...options, resultTypes: ['violations'] });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.slice(0, 5).map((n) => ({ target: n.target, failureSummary: n.failureSummary })),
    }));
  }, options);
}

/** The serious and critical findings, one readable line (and its nodes) each. */
async function seriousFindings(page: Page, scheme: 'light' | 'dark', where: string): Promise<string[]> {
  return (await axeViolations(page, scheme === 'dark' ? AXE_RUN_DARK : AXE_RUN))
    .filter((v) => v.impact === 'critical' || v.impact === 'serious')
    .map((v) => {
      const nodes = v.nodes.map((n) => `${n.target.join(' ')}: ${n.failureSummary ?? ''}`).join('\n    ');
      return `${where} ${v.impact} ${v.id}: ${v.help}\n    ${nodes}`;
    });
}

/**
 * What a pointer can use and the keyboard cannot: an element showing a pointer cursor without being
 * (inside) a control or a field's label, e.g. a <div onClick>. axe does not look for these.
 */
function pointerOnlyElements(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.body.querySelectorAll<HTMLElement>('*')]
      .filter(
        (el) =>
          getComputedStyle(el).cursor === 'pointer' &&
          el.getClientRects().length > 0 &&
          !el.closest('a[href], button, input, select, textarea, summary, label, [tabindex]'),
      )
      .map((el) => el.outerHTML.slice(0, 120)),
  );
}

// The two themes walk side by side, each in its own page: most of a walk is waiting for the app.
describe.concurrent('accessibility (axe) and layout at phone widths', () => {
  const tour = new TourSuite();

  for (const scheme of ['light', 'dark'] as const) {
    it(`every route and its sheets have no serious or critical violations, and no route overflows sideways (${scheme})`, async () => {
      // Guests first, then the trader, then staff (tour.ts keeps them in that order): one page load per
      // visitor, in-app moves between their routes. Each stop mounts at the narrowest width.
      const { page, context } = await tour.phone({ colorScheme: scheme });
      await page.setViewportSize({ width: PHONE_WIDTHS[0], height: 844 });
      const findings: string[] = [];
      const overflows: string[] = [];
      const overlaysSeen: string[] = [];
      for await (const stop of walk(page, tour.cast, tourStops(tour.cast))) {
        for (const width of PHONE_WIDTHS) {
          await atWidth(page, width);
          overflows.push(...(await sideways(page, stop.path, width)));
          // axe and the sheets at the phone's own width, 390 px, as the app is built for.
          if (width !== 390) continue;
          findings.push(...(await seriousFindings(page, scheme, `[${scheme}] ${stop.path}`)));
          // Structure, like axe's structural rules, is looked at once (light).
          if (scheme === 'light')
            findings.push(...(await pointerOnlyElements(page)).map((el) => `${stop.path} pointer-only: ${el}`));
          for (const overlay of OVERLAYS[stop.name] ?? []) {
            await overlay.open(page);
            findings.push(...(await seriousFindings(page, scheme, `[${scheme}] ${stop.path} (${overlay.name})`)));
            await page.keyboard.press('Escape');
            await page.getByRole('dialog').waitFor({ state: 'detached' });
            overlaysSeen.push(overlay.name);
          }
        }
        // The next stop mounts at the narrowest width again.
        await page.setViewportSize({ width: PHONE_WIDTHS[0], height: 844 });
      }
      await context.close();
      expect(findings).toEqual([]);
      expect(overflows).toEqual([]);
      // Every overlay listed was opened: a renamed stop would otherwise drop its sheets silently.
      expect(overlaysSeen).toEqual(Object.values(OVERLAYS).flatMap((list) => list.map((o) => o.name)));
    }, 300_000);
  }

  it('keyboard: Tab reaches every control of a screen with a visible focus; its sheet keeps focus, closes on Escape and gives it back', async () => {
    const { page, context } = await tour.pageFor('user', { colorScheme: 'light' });
    await visit(page, { name: 'lock-up', path: '/lock-up', visitor: 'user' });

    // Every control a pointer could use, numbered, with how it and its two nearest ancestors look unfocused
    // (the ring may sit on a field's frame, around the input it wraps). What counts as a visible focus:
    // a box-shadow ring, an outline that is not transparent, or a border colour.
    const controls = await page.evaluate(() => {
      const shown = (e: Element | null | undefined) => {
        if (!e) return '';
        const css = getComputedStyle(e);
        const clear = (colour: string) => colour === 'transparent' || /(rgba|rgb)\(.*[,/]\s*0\)$/.test(colour);
        const outline =
          css.outlineStyle !== 'none' && parseFloat(css.outlineWidth) > 0 && !clear(css.outlineColor)
            ? `${css.outlineStyle} ${css.outlineWidth} ${css.outlineColor}`
            : '';
        return `${css.boxShadow}|${outline}|${css.borderColor}`;
      };
      const look = (el: Element) => [el, el.parentElement, el.parentElement?.parentElement].map(shown).join(';');
      (window as unknown as { focusLook: typeof look }).focusLook = look;
      const all = document.querySelectorAll<HTMLElement>(
        'a[href], button, input, select, textarea, summary, [tabindex]:not([tabindex="-1"])',
      );
      const visible = [...all].filter(
        (el) =>
          !el.matches(':disabled, [tabindex="-1"]') &&
          el.getClientRects().length > 0 &&
          getComputedStyle(el).visibility === 'visible',
      );
      return visible.map((el, i) => {
        el.dataset.kb = String(i);
        return { name: el.getAttribute('aria-label') ?? el.textContent?.trim() ?? el.tagName, look: look(el) };
      });
    });
    expect(controls.length).toBeGreaterThan(3);
    expect(await pointerOnlyElements(page)).toEqual([]);

    const reached = new Set<number>();
    const noRing: string[] = [];
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    for (let i = 0; i < controls.length + 5; i++) {
      await page.keyboard.press('Tab');
      const at = await page.evaluate(() => {
        const el = document.activeElement as HTMLElement | null;
        if (!el || el === document.body) return null;
        const look = (window as unknown as { focusLook: (e: Element) => string }).focusLook(el);
        return { index: Number(el.dataset.kb ?? -1), look };
      });
      if (!at || reached.has(at.index)) break; // past the last control, or round again
      reached.add(at.index);
      const control = controls[at.index];
      if (control && control.look === at.look) noRing.push(control.name);
    }
    expect(controls.filter((_, i) => !reached.has(i)).map((c) => c.name)).toEqual([]);
    expect(noRing).toEqual([]);

    // The sheet, opened from the keyboard: focus moves in and stays in, Escape closes, focus returns.
    const opener = page.getByRole('button', { name: 'Lock up Pro 15' });
    await opener.focus();
    await page.keyboard.press('Enter');
    const sheet = page.getByRole('dialog', { name: 'Lock up Pro 15' });
    await sheet.waitFor();
    const inSheet = () => page.evaluate(() => !!document.activeElement?.closest('[role="dialog"]'));
    const names = new Set<string>();
    for (const shift of [false, true]) {
      for (let i = 0; i < 5; i++) {
        expect(await inSheet()).toBe(true);
        names.add(
          await page.evaluate(
            () =>
              document.activeElement?.textContent?.trim() || document.activeElement?.getAttribute('aria-label') || '',
          ),
        );
        await page.keyboard.press(shift ? 'Shift+Tab' : 'Tab');
      }
    }
    expect(await inSheet()).toBe(true);
    // Both of the sheet's controls were visited: Tab moved, it did not stick on one.
    expect(names.size).toBeGreaterThanOrEqual(2);
    await page.keyboard.press('Escape');
    await sheet.waitFor({ state: 'detached' });
    expect(await opener.evaluate((el) => el === document.activeElement)).toBe(true);
    await context.close();
  }, 60_000);
});
