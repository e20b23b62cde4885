import { describe, expect, it } from 'vitest';
import { changeTone } from './change';

describe('change tone', () => {
  it('is up above zero, down below, flat at zero or unknown', () => {
    expect(changeTone('1.5')).toBe('up');
    expect(changeTone('-0.01')).toBe('down');
    expect(changeTone('0')).toBe('flat');
    expect(changeTone(undefined)).toBe('flat');
    expect(changeTone('nonsense')).toBe('flat');
  });

  it('follows the shown 2 decimals, so +0.00% is never green', () => {
    expect(changeTone('0.004')).toBe('flat');
    expect(changeTone('-0.004')).toBe('flat');
    expect(changeTone('0.005')).toBe('up');
  });
});
