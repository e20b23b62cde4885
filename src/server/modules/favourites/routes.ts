/**
 * Favourite pairs (docs/decisions/0060-markets-and-charts.md): GET /api-v1/favourites/ lists the caller's
 * own, PUT /api-v1/favourites/:symbol/ adds a pair the market quotes (an unknown one is refused, at most
 * FAVOURITES_MAX), DELETE removes one. Both answer the caller's whole list, so the star and the list
 * agree; adding twice or removing a pair that is not there changes nothing and is no error.
 */
import { and, asc, count, eq } from 'drizzle-orm';
import { errorBody } from '../../../shared/api/common.js';
import { FAVOURITES_MAX, FAVOURITES_MSG, favouriteParams, favouritesList } from '../../../shared/api/favourites.js';
import type { AppModule } from '../../context.js';
import type { Queryable } from '../../db/database.js';
import { users } from '../../db/schema.js';
import { userFavourites } from './schema.js';
import { badRequest } from '../../errors.js';
import { currentUser } from '../../plugins/auth.js';
import { msg } from '../../../shared/message.js';

async function listOf(db: Queryable, userId: number) {
  const rows = await db
    .select({ symbol: userFavourites.symbol })
    .from(userFavourites)
    .where(eq(userFavourites.userId, userId))
    .orderBy(asc(userFavourites.createdAt), asc(userFavourites.symbol));
  return { symbols: rows.map((r) => r.symbol) };
}

export const favouritesModule: AppModule = (app, ctx) => {
  const { requireUser } = ctx.guard;
  const tags = ['favourites'];
  const errors = { 400: errorBody, 401: errorBody };

  app.get('/api-v1/favourites/', {
    onRequest: requireUser,
    schema: { tags, response: { 200: favouritesList, 401: errorBody } },
    handler: (req) => listOf(ctx.db, currentUser(req).id),
  });

  app.put('/api-v1/favourites/:symbol/', {
    onRequest: requireUser,
    schema: { tags, params: favouriteParams, response: { 200: favouritesList, ...errors } },
    handler: async (req) => {
      const userId = currentUser(req).id;
      const { symbol } = req.params;
      if (!ctx.market.exchange.catalog().has(symbol)) throw badRequest(msg(FAVOURITES_MSG, 'unknownSymbol'));
      return ctx.db.transaction(async (tx) => {
        // The user's row lock: two adds at once cannot both pass the count below.
        await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
        const [kept] = await tx.select({ n: count() }).from(userFavourites).where(eq(userFavourites.userId, userId));
        const [already] = await tx
          .select({ symbol: userFavourites.symbol })
          .from(userFavourites)
          .where(and(eq(userFavourites.userId, userId), eq(userFavourites.symbol, symbol)));
        if (!already) {
          if ((kept?.n ?? 0) >= FAVOURITES_MAX) throw badRequest(msg(FAVOURITES_MSG, 'tooMany'));
          await tx.insert(userFavourites).values({ userId, symbol });
        }
        return listOf(tx, userId);
      });
    },
  });

  app.delete('/api-v1/favourites/:symbol/', {
    onRequest: requireUser,
    schema: { tags, params: favouriteParams, response: { 200: favouritesList, ...errors } },
    handler: async (req) => {
      const userId = currentUser(req).id;
      await ctx.db
        .delete(userFavourites)
        .where(and(eq(userFavourites.userId, userId), eq(userFavourites.symbol, req.params.symbol)));
      return listOf(ctx.db, userId);
    },
  });
};
