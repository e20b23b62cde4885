import { describe, expect, it } from 'vitest';
import { formatCompactVolume } from './volume';

describe('compact volume', () => {
  it('shortens thousands, millions, billions and trillions to 2 decimals', () => {
    expect(formatCompactVolume('1234.5')).toBe('1.23K');
    expect(formatCompactVolume('976420000.12')).toBe('976.42M');
    expect(formatCompactVolume('1960000000')).toBe('1.96B');
    expect(formatCompactVolume('2500000000000')).toBe('2.50T');
  });

  it('cuts rather than rounds, so a volume never looks bigger than it is', () => {
    expect(formatCompactVolume('999999')).toBe('999.99K');
    expect(formatCompactVolume('1999.999')).toBe('1.99K');
  });

  it('keeps small volumes whole with 2 decimals, and shows 0 for nothing or nonsense', () => {
    expect(formatCompactVolume('534.351')).toBe('534.35');
    expect(formatCompactVolume('0')).toBe('0');
    expect(formatCompactVolume(undefined)).toBe('0');
    expect(formatCompactVolume('abc')).toBe('0');
  });
});
