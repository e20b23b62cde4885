/** The convert spread staff set in settings (docs/decisions/0053-convert.md), DEFAULT_CONVERT_SPREAD_BPS until then. */
import { eq } from 'drizzle-orm';
import { DEFAULT_CONVERT_SPREAD_BPS } from '../../../shared/api/convert.js';
import type { Queryable } from '../../db/database.js';
import { settings } from '../../db/schema.js';

export const CONVERT_SPREAD_KEY = 'convert_spread';

export async function convertSpread(db: Queryable): Promise<{ bps: number; updatedAt: Date | null }> {
  const [row] = await db.select().from(settings).where(eq(settings.key, CONVERT_SPREAD_KEY));
  const value = row?.value as { bps?: unknown } | undefined;
  if (row && typeof value?.bps === 'number') return { bps: value.bps, updatedAt: row.updatedAt };
  return { bps: DEFAULT_CONVERT_SPREAD_BPS, updatedAt: null };
}
