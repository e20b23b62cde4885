import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canonical, dec } from './money.js';

describe('canonical amounts', () => {
  it('trims what PostgreSQL prints exactly as decimal.js would', () => {
    const numeric = fc
      .tuple(fc.boolean(), fc.bigInt({ min: 0n, max: 10n ** 20n }), fc.nat(18), fc.bigInt({ min: 0n, max: 10n ** 18n }))
      .map(([negative, whole, places, fraction]) => {
        const digits = places === 0 ? '' : `.${fraction.toString().padStart(18, '0').slice(0, places)}`;
        return `${negative ? '-' : ''}${whole}${digits}`;
      });
    fc.assert(
      fc.property(numeric, (value) => {
        expect(canonical(value)).toBe(dec(value).toFixed());
      }),
    );
  });

  it.each([
    ['0.000000000000000000', '0'],
    ['-0.0', '0'],
    ['100.000000000000000000', '100'],
    ['100.100000000000000000', '100.1'],
    ['120', '120'],
    ['1e-7', '0.0000001'],
    ['007.50', '7.5'],
  ])('%s -> %s', (value, expected) => expect(canonical(value)).toBe(expected));
});
