/**
 * Idempotency-Key for trade orders and closes (DESIGN.md 4, docs/decisions/0006): one fresh key per
 * submission, the same key while the same submission is sent again (a double tap or a retry after
 * a dropped answer opens one trade), a new one once it succeeded or the order changed.
 */
import { useCallback, useMemo, useRef } from 'react';
import { IDEMPOTENCY_KEY_HEADER } from '../../../../shared/api/idempotency';

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

/** keyFor(what) gives the key of a submission; finish() after a success starts the next one afresh. */
export function useSubmissionKey() {
  const current = useRef<{ identity: string; key: string } | null>(null);
  const keyFor = useCallback((identity: unknown): string => {
    const serialized = JSON.stringify(identity);
    if (current.current?.identity !== serialized) current.current = { identity: serialized, key: newIdempotencyKey() };
    return current.current.key;
  }, []);
  const finish = useCallback(() => {
    current.current = null;
  }, []);
  return useMemo(() => ({ keyFor, finish }), [keyFor, finish]);
}
