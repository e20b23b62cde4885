/** The in-house coin's price: set by staff in settings, USDO_PRICE until then. */
import { eq } from 'drizzle-orm';
import type { Queryable } from '../../db/database.js';
import { settings } from '../../db/schema.js';

export const USDO_PRICE_KEY = 'usdo_price';

export async function usdoPrice(db: Queryable, fallback: string): Promise<{ price: string; updatedAt: Date | null }> {
  const [row] = await db.select().from(settings).where(eq(settings.key, USDO_PRICE_KEY));
  const value = row?.value as { price?: unknown } | undefined;
  if (row && typeof value?.price === 'string') return { price: value.price, updatedAt: row.updatedAt };
  return { price: fallback, updatedAt: null };
}
