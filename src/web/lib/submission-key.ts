/**
 * Idempotency-Key for money-moving POSTs (docs/architecture.md 4): one fresh key per form submission, and the
 * same key when that submission is sent again (a retry after a dropped answer moves money once).
 * Changed values are a new submission; a success ends it.
 */
import { useCallback, useMemo, useRef } from 'react';
import { IDEMPOTENCY_KEY_HEADER } from '../../shared/api/idempotency';

/** A random UUID. Pages served over plain http have no crypto.randomUUID, but do have getRandomValues. */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export const idempotencyHeaders = (key: string) => ({ [IDEMPOTENCY_KEY_HEADER]: key });

export function useSubmissionKey() {
  const current = useRef<{ payload: string; key: string } | null>(null);
  const keyFor = useCallback((payload: unknown): string => {
    const serialized = JSON.stringify(payload);
    if (current.current?.payload !== serialized) current.current = { payload: serialized, key: newIdempotencyKey() };
    return current.current.key;
  }, []);
  const finish = useCallback(() => {
    current.current = null;
  }, []);
  return useMemo(() => ({ keyFor, finish }), [keyFor, finish]);
}
