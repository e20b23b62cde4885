/**
 * Every route of docs/product.md section 2 at 360, 390 and 430 px, light and dark: the page never scrolls
 * sideways and no element is wider than the screen (docs/product.md: mobile-first, no overflow).
 * Each route is opened once per theme at the narrowest width, where content that mounts to fit the
 * screen is measured, and then widened: the layout reflows as it would on a rotating phone. One page
 * per theme walks the routes in-app (helpers/tour.ts walk), loading only when the visitor changes.
 */
import { describe, expect, it } from 'vitest';
import { TourSuite, tourStops, walk } from './helpers/tour.js';

const WIDTHS = [360, 390, 430] as const;

// The two themes walk side by side, each in its own page, as in a11y.test.ts: most of a walk is waiting.
describe.concurrent('layout at phone widths', () => {
  const tour = new TourSuite();

  for (const scheme of ['light', 'dark'] as const) {
    it(`no route overflows sideways (${scheme})`, async () => {
      const problems: string[] = [];
      const { page, context } = await tour.phone({ colorScheme: scheme });
      await page.setViewportSize({ width: WIDTHS[0], height: 844 });
      for await (const stop of walk(page, tour.cast, tourStops(tour.cast))) {
        for (const width of WIDTHS) {
          await page.setViewportSize({ width, height: 844 });
          // Measured after the browser has laid the page out at the new width.
          await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
          // Compared with the phone's width, not innerWidth: a mobile browser widens its layout
          // viewport to fit content that overflows, which would hide the overflow.
          const found = await page.evaluate((viewport) => {
            const scrollWidth = document.scrollingElement!.scrollWidth;
            const clipped = (el: Element): boolean => {
              for (let a = el.parentElement; a && a !== document.body; a = a.parentElement) {
                // Inside a box that clips or scrolls sideways (tabs, truncated text) running past the edge is by design.
                if (getComputedStyle(a).overflowX !== 'visible') return true;
              }
              return false;
            };
            const wide: string[] = [];
            for (const el of Array.from(document.body.querySelectorAll<HTMLElement>('*'))) {
              const box = el.getBoundingClientRect();
              if (box.width <= 1 || box.height <= 1) continue; // sr-only and collapsed elements
              if (box.width > viewport + 0.5 || box.right > viewport + 0.5 || box.left < -0.5) {
                if (clipped(el)) continue;
                const label = `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}.${String(el.className).split(' ').slice(0, 3).join('.')}`;
                wide.push(`${label} (${Math.round(box.left)}..${Math.round(box.right)})`);
              }
            }
            return { viewport, scrollWidth, wide: wide.slice(0, 5) };
          }, width);
          if (found.scrollWidth > found.viewport || found.wide.length > 0) {
            problems.push(
              `${stop.path} @${width}: scrollWidth ${found.scrollWidth} > ${found.viewport}? ${found.wide.join(', ')}`,
            );
          }
        }
        // The next stop mounts at the narrowest width again.
        await page.setViewportSize({ width: WIDTHS[0], height: 844 });
      }
      await context.close();
      expect(problems).toEqual([]);
    }, 300_000);
  }
});
