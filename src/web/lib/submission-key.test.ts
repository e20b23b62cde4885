/** Idempotency-Key per form submission (docs/architecture.md 4). */
import { renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { newIdempotencyKey, useSubmissionKey } from './submission-key';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

afterEach(() => vi.unstubAllGlobals());

describe('submission keys', () => {
  it('are random UUIDs, also where crypto.randomUUID is missing (plain http)', () => {
    expect(newIdempotencyKey()).toMatch(UUID);
    const real = globalThis.crypto;
    vi.stubGlobal('crypto', { getRandomValues: (b: Uint8Array<ArrayBuffer>) => real.getRandomValues(b) });
    const keys = new Set(Array.from({ length: 50 }, newIdempotencyKey));
    expect(keys.size).toBe(50);
    for (const key of keys) expect(key).toMatch(UUID);
  });

  it('stay the same while the same submission is retried, and change with new values or after success', () => {
    const { result } = renderHook(() => useSubmissionKey());
    const first = result.current.keyFor({ amount: '10' });
    expect(result.current.keyFor({ amount: '10' })).toBe(first);
    const second = result.current.keyFor({ amount: '11' });
    expect(second).not.toBe(first);
    result.current.finish();
    expect(result.current.keyFor({ amount: '11' })).not.toBe(second);
  });
});
