/**
 * Sorting and searching of the staff tables (docs/architecture.md "Staff console at a desk"):
 * a client's `sort` is looked up in an allow-list of columns, never put into SQL; its text filters
 * are LIKE patterns matched literally.
 */
import { asc, desc, type AnyColumn, type SQL } from 'drizzle-orm';
import type { SortOrder } from '../../shared/api/common.js';

/** The text of a LIKE pattern matched literally: %, _ and \ typed by staff are not wildcards. */
export const likeLiteral = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** `%text%` matched literally. */
export const containsPattern = (text: string) => `%${likeLiteral(text)}%`;

/**
 * ORDER BY the allow-listed column of `sort` in `order` (asc unless told), then `tieBreak` the same
 * way so pages never overlap; the list's own default when no `sort` was asked for.
 */
export function orderOf<K extends string>(
  columns: Record<K, AnyColumn | SQL>,
  tieBreak: AnyColumn,
  sort: K | undefined,
  order: SortOrder | undefined,
  fallback: SQL[],
): SQL[] {
  if (sort === undefined) return fallback;
  const direction = order === 'desc' ? desc : asc;
  return [direction(columns[sort]), direction(tieBreak)];
}
