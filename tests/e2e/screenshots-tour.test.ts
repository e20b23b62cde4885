/**
 * The screenshot tour: every route of docs/product.md section 2 at 390 px, light and dark, into SCREENSHOTS
 * (`npm run screenshots`), named route-<screen>-<theme>.png. The other screenshots files add the
 * sheets, dialogs and states a route alone does not show.
 */
import { describe, it } from 'vitest';
import { SCHEMES, screenOptions, screenshotsWanted, shot } from './helpers/screenshots.js';
import { TourSuite, tourStops, visit } from './helpers/tour.js';

describe.runIf(screenshotsWanted)('screenshot tour of every route', () => {
  const tour = new TourSuite();

  for (const scheme of SCHEMES) {
    it(`every route (${scheme})`, async () => {
      for (const stop of tourStops(tour.cast)) {
        const { page, context } = await tour.pageFor(stop.visitor, screenOptions(scheme));
        await visit(page, stop);
        await shot(page, `route-${stop.name}-${scheme}`);
        await context.close();
      }
    }, 300_000);
  }
});
