/**
 * The screenshot tour: every route of docs/product.md section 2 at 390 px in English, Chinese and German,
 * light and dark, with the sheets and drawers each screen's buttons open, into SCREENSHOTS
 * (`npm run screenshots`), named route-<screen>-<language>-<theme>.png (a sheet adds -sheet-<n>). A
 * person looks at them for overflow, clipped translations and English left over (docs/decisions/0043-languages.md "##
 * Languages"); TOUR_ROUTES=home,lever limits it. The other screenshots files add the states a route alone does not show, in English.
 */
import { describe, it } from 'vitest';
import {
  SCHEMES,
  SCREENSHOT_LANGUAGES,
  inLanguage,
  screenOptions,
  screenshotsWanted,
  shot,
} from './helpers/screenshots.js';
import { chosenStops, TourSuite, sheets, tourStops, walk } from './helpers/tour.js';

describe.runIf(screenshotsWanted)('screenshot tour of every route', () => {
  const tour = new TourSuite();

  for (const language of SCREENSHOT_LANGUAGES) {
    for (const scheme of SCHEMES) {
      it(`every route (${language}, ${scheme})`, async () => {
        const { page, context } = await tour.phone(screenOptions(scheme));
        await inLanguage(context, language);
        for await (const stop of walk(page, tour.cast, chosenStops(tourStops(tour.cast)))) {
          await shot(page, `route-${stop.name}-${language}-${scheme}`);
          let n = 0;
          for await (const _sheet of sheets(page))
            await shot(page, `route-${stop.name}-${language}-${scheme}-sheet-${++n}`);
        }
        await context.close();
      }, 600_000);
    }
  }
});
