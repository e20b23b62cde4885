/**
 * The screenshot tour: every route of SPEC.md section 2 at 390 px, light and dark, into SCREENSHOTS
 * (`npm run screenshots`), named route-<screen>-<theme>.png. The other screenshots files add the
 * sheets, dialogs and states a route alone does not show.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { launchBrowser } from './helpers/browser.js';
import { startWebApp, type WebApp } from './helpers/server.js';
import { castForTour, pageFor, tourStops, visit, type TourCast } from './helpers/tour.js';

const folder = process.env.SCREENSHOTS;

describe.runIf(Boolean(folder))('screenshot tour of every route', () => {
  let t: WebApp;
  let browser: Browser;
  let cast: TourCast;
  beforeAll(async () => {
    mkdirSync(folder!, { recursive: true });
    [t, browser] = await Promise.all([startWebApp(), launchBrowser()]);
    cast = await castForTour(t);
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  for (const scheme of ['light', 'dark'] as const) {
    it(`every route (${scheme})`, async () => {
      for (const stop of tourStops(cast)) {
        const { page, context } = await pageFor(browser, t, cast, stop.visitor, {
          colorScheme: scheme,
          deviceScaleFactor: 2,
        });
        await visit(page, stop);
        await page.screenshot({ path: path.join(folder!, `route-${stop.name}-${scheme}.png`), animations: 'disabled' });
        await context.close();
      }
    }, 300_000);
  }
});
