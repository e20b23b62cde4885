/**
 * The favourites module's tables: favourite pairs (docs/architecture.md section 2: each module owns
 * its tables; the shared ones, users, the ledger's accounts and entries, are in db/schema.ts).
 */
import { createdAt, userRef } from '../../db/schema.js';
import { pgTable, primaryKey, text } from 'drizzle-orm/pg-core';

/**
 * Pairs a user starred on Markets (docs/decisions/0060-markets-and-charts.md): one row per user and symbol,
 * at most FAVOURITES_MAX per user (modules/favourites checks it under the user's row lock).
 */
export const userFavourites = pgTable(
  'user_favourites',
  {
    userId: userRef(),
    symbol: text('symbol').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ name: 'user_favourites_pkey', columns: [t.userId, t.symbol] })],
);
