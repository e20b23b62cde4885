/**
 * Favourite pairs on Markets (docs/decisions/0060-markets-and-charts.md): kept on the server per user,
 * GET /api-v1/favourites/ lists the caller's own, PUT and DELETE /api-v1/favourites/:symbol/ add and
 * remove one. The texts here are the API's answers; the web translates them by code.
 */
import { z } from 'zod';
import { defineMessages } from '../message.js';

/** Favourites one user may keep: more than any screen lists, few enough that a loop cannot grow a table. */
export const FAVOURITES_MAX = 200;

/** Texts of the favourites API. */
export const FAVOURITES_MSG = defineMessages('favourites', {
  unknownSymbol: 'Unknown symbol',
  tooMany: `At most ${FAVOURITES_MAX} favourites; remove one first`,
});

/** A pair as the market writes it (BTCUSDT); lower case is read as upper. */
export const favouriteParams = z.object({
  symbol: z
    .string({ error: FAVOURITES_MSG.unknownSymbol })
    .trim()
    .toUpperCase()
    .regex(/^[A-Z0-9]{2,20}$/, { error: FAVOURITES_MSG.unknownSymbol }),
});

/** The caller's favourites, the first added first. */
export const favouritesList = z.object({ symbols: z.array(z.string()) });
export type FavouritesList = z.infer<typeof favouritesList>;
