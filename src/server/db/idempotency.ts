/**
 * `Idempotency-Key` on money-moving POSTs (docs/architecture.md section 4): the transaction that runs a
 * money-moving request and remembers its answer. The HTTP side (reading the header, sending a
 * replay) is plugins/idempotency.ts. Per (user, key), the first
 * request's response is stored in the same database transaction as its effect, and a retry gets
 * that response again instead of a second effect.
 *
 * - The key's row is claimed with INSERT ... ON CONFLICT DO NOTHING as the transaction's first
 *   write. A concurrent duplicate's insert waits on that uncommitted row; when the first commits
 *   it finds the row and replays the stored response, when the first fails (rolls back) it runs.
 * - A failed request stores nothing (its effect rolled back with the claim), so a retry runs again.
 * - The same key with a different request (route or body, secrets left out) is refused with 422.
 * - A quick read before the work answers retries without re-checking passwords or prices.
 */
import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { IDEMPOTENCY_MSG } from '../../shared/api/idempotency.js';
import { AppError, conflict } from '../errors.js';
import type { Db, Queryable, Tx } from './database.js';
import { idempotencyKeys } from './schema.js';
import { msg } from '../../shared/message.js';

/** What a route hands its service: the client's key and the route it came to. */
export interface IdempotencyScope {
  /** null: the client sent no key, the work simply runs once. */
  key: string | null;
  /** e.g. 'POST /api-v1/withdraw/' */
  route: string;
}

export interface IdempotentRequest extends IdempotencyScope {
  userId: number;
  /** What makes two requests "the same": the parsed body without secrets. */
  fingerprint: unknown;
}

export interface Outcome<T> {
  statusCode: number;
  body: T;
  /** True when this answer is a stored one, replayed. */
  replayed: boolean;
}

export interface IdempotentWork<P, T> {
  /** Checks that need no lock (passwords, prices); runs once per new request, outside the transaction. */
  prepare: () => Promise<P>;
  /** The effect, inside the transaction that holds the key. */
  execute: (tx: Tx, prepared: P) => Promise<T>;
  statusCode: number;
}

/** JSON with sorted keys, so equal bodies hash equally whatever their key order. */
function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${stableJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

const requestHash = (request: IdempotentRequest) =>
  createHash('sha256')
    .update(`${request.route}\n${stableJson(request.fingerprint)}`)
    .digest('hex');

async function storedOutcome<T>(
  db: Queryable,
  request: IdempotentRequest & { key: string },
  hash: string,
): Promise<Outcome<T> | null> {
  const [row] = await db
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.userId, request.userId), eq(idempotencyKeys.key, request.key)));
  if (!row) return null;
  if (row.route !== request.route || row.requestHash !== hash)
    throw new AppError(422, msg(IDEMPOTENCY_MSG, 'reusedKey'));
  // Claim and response are written in one transaction, so a visible row without a response cannot happen.
  if (row.statusCode === null) throw conflict(msg(IDEMPOTENCY_MSG, 'inProgress'));
  return { statusCode: row.statusCode, body: row.responseBody as T, replayed: true };
}

export async function runIdempotent<P, T>(
  db: Db,
  request: IdempotentRequest,
  work: IdempotentWork<P, T>,
): Promise<Outcome<T>> {
  if (request.key === null) {
    const prepared = await work.prepare();
    const body = await db.transaction((tx) => work.execute(tx, prepared));
    return { statusCode: work.statusCode, body, replayed: false };
  }
  const keyed = { ...request, key: request.key };
  const hash = requestHash(request);

  const earlier = await storedOutcome<T>(db, keyed, hash);
  if (earlier) return earlier;

  const prepared = await work.prepare();
  return db.transaction(async (tx) => {
    const claimed = await tx
      .insert(idempotencyKeys)
      .values({ userId: keyed.userId, key: keyed.key, route: keyed.route, requestHash: hash })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key });
    if (claimed.length === 0) {
      const replay = await storedOutcome<T>(tx, keyed, hash);
      if (replay) return replay;
      throw conflict(msg(IDEMPOTENCY_MSG, 'inProgress'));
    }
    const body = await work.execute(tx, prepared);
    await tx
      .update(idempotencyKeys)
      .set({ statusCode: work.statusCode, responseBody: body })
      .where(and(eq(idempotencyKeys.userId, keyed.userId), eq(idempotencyKeys.key, keyed.key)));
    return { statusCode: work.statusCode, body, replayed: false };
  });
}
