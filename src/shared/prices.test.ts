import { describe, expect, it } from 'vitest';
import { isUsablePrice } from './prices';

describe('a usable price', () => {
  it.each(['65000.10000000', '1', '0.00000001', '0010'])('is a plain positive decimal: %s', (price) => {
    expect(isUsablePrice(price)).toBe(true);
  });

  it.each(['0', '0.000', '00.0', '', '-1', '1e5', 'NaN', '1.', '.5', ' 1', undefined, null])('is not %s', (price) => {
    expect(isUsablePrice(price)).toBe(false);
  });
});
