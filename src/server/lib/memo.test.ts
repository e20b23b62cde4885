import { describe, expect, it, vi } from 'vitest';
import { memoByText } from './memo.js';

describe('memoByText', () => {
  it('answers what the function answers, working each text out once, null and false included', () => {
    const fn = vi.fn((text: string) => (text === 'x' ? null : text.length > 2));
    const memo = memoByText(fn);
    expect([memo('x'), memo('abc'), memo('ab'), memo('x'), memo('abc'), memo('ab')]).toEqual([
      null,
      true,
      false,
      null,
      true,
      false,
    ]);
    expect(fn).toHaveBeenCalledTimes(3);
  });

  it('keeps at most `limit` answers: a full memo starts again', () => {
    const fn = vi.fn((text: string) => text.toUpperCase());
    const memo = memoByText(fn, 2);
    memo('a');
    memo('b');
    memo('c'); // full: dropped a and b
    memo('c');
    memo('a');
    expect(fn.mock.calls.map(([text]) => text)).toEqual(['a', 'b', 'c', 'a']);
  });
});
