import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { storedLanguage, useLanguage } from './language';

afterEach(() => localStorage.clear());

describe('display language', () => {
  it('is English until one is chosen, and ignores an unknown stored code', () => {
    expect(storedLanguage()).toBe('en');
    localStorage.setItem('language', 'klingon');
    expect(storedLanguage()).toBe('en');
  });

  it('keeps the choice in local storage and tells every screen that shows it', () => {
    const first = renderHook(() => useLanguage());
    const second = renderHook(() => useLanguage());
    act(() => first.result.current[1]('ko'));
    expect(localStorage.getItem('language')).toBe('ko');
    expect(second.result.current[0]).toBe('ko');
    expect(storedLanguage()).toBe('ko');
  });
});
