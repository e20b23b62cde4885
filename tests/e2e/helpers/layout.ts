/**
 * The no-overflow check of docs/product.md (mobile-first: no route scrolls sideways) at the phone widths
 * every route is measured at: the page never scrolls sideways and no element is wider than the screen.
 * The accessibility walk (a11y.test.ts) runs it at each stop, so every route is walked once per theme
 * for both checks. A stop is mounted at the narrowest width, where content that mounts to fit the
 * screen is measured, and then widened: the layout reflows as it would on a rotating phone.
 */
import type { Page } from 'playwright-core';

export const PHONE_WIDTHS = [360, 390, 430] as const;
export type PhoneWidth = (typeof PHONE_WIDTHS)[number];

/** The page at `width`, laid out: the browser has drawn it at the new width. */
export async function atWidth(page: Page, width: PhoneWidth): Promise<void> {
  await page.setViewportSize({ width, height: 844 });
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
}

/** What runs past the screen at the page's current width `width`, as one line naming the stop, or none. */
export async function sideways(page: Page, where: string, width: PhoneWidth): Promise<string[]> {
  // Compared with the phone's width, not innerWidth: a mobile browser widens its layout viewport to fit
  // content that overflows, which would hide the overflow.
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
  return found.scrollWidth > found.viewport || found.wide.length > 0
    ? [`${where} @${width}: scrollWidth ${found.scrollWidth} > ${found.viewport}? ${found.wide.join(', ')}`]
    : [];
}
