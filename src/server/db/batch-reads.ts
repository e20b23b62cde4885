/**
 * Reads of many keys asked for in one turn of the event loop, sent as one query (docs/performance.md,
 * traders): `batchReads(readMany, missing)` returns `read(key)`; the keys asked for until the next
 * `setImmediate` go to `readMany(keys)` together and each caller gets its key's value (`missing`
 * when the answer lacks it). A query starts after every request that asked for it arrived, so a
 * change committed before a request is always in its answer. Thousands of screens polling or
 * opening at once cost a few queries instead of a queue of thousands on the connection pool.
 */
export interface BatchedRead<K, V> {
  (key: K): Promise<V>;
}

interface Waiter<V> {
  resolve: (value: V) => void;
  reject: (error: unknown) => void;
}

export function batchReads<K, V>(
  readMany: (keys: K[]) => Promise<Map<K, V>>,
  missing: V,
  /** Told of each key's answer before its callers (ChangeFeed keeps it), with what `onQuery` returned. */
  options: { onQuery?: () => number; onAnswer?: (key: K, value: V, token: number) => void } = {},
): BatchedRead<K, V> {
  let batch: Map<K, Waiter<V>[]> | null = null;

  async function flush(asked: Map<K, Waiter<V>[]>) {
    const token = options.onQuery?.() ?? 0;
    try {
      const found = await readMany([...asked.keys()]);
      for (const [key, waiters] of asked) {
        const value = found.has(key) ? (found.get(key) as V) : missing;
        options.onAnswer?.(key, value, token);
        for (const waiter of waiters) waiter.resolve(value);
      }
    } catch (error) {
      for (const waiters of asked.values()) for (const waiter of waiters) waiter.reject(error);
    }
  }

  return (key) =>
    new Promise<V>((resolve, reject) => {
      if (!batch) {
        const asked = (batch = new Map());
        setImmediate(() => {
          batch = null;
          void flush(asked);
        });
      }
      const waiters = batch.get(key);
      if (waiters) waiters.push({ resolve, reject });
      else batch.set(key, [{ resolve, reject }]);
    });
}
