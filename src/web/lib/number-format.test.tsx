/**
 * The shared formatters (src/shared/format.ts) stay exact through `number()` in every language of the
 * picker: the same digits (no float ever parses them), docs/product.md section 9's decimals ("5 on
 * home; 4 on markets (8 below 0.0001); 2 everywhere else. P/L shows 2 decimals"), the language's
 * decimal separator and no grouping (docs/decisions/0043-languages.md).
 */
import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../shared/constants';
import {
  formatAmount,
  formatChangePercent,
  formatHomePrice,
  formatMarketPrice,
  formatPrice,
  formatProfitLoss,
} from '../../shared/format';
import { i18n, useI18n } from './i18n';
import type { LanguageCode } from './language';

/** The decimal separator each language writes (CLDR); English's point elsewhere. */
const SEPARATOR: Record<LanguageCode, '.' | ','> = {
  en: '.',
  zh: '.',
  ja: '.',
  ko: '.',
  fr: ',',
  de: ',',
  es: ',',
  it: ',',
  ru: ',',
  pt: ',',
};

/**
 * Each formatter's output with the text it must become and its decimals. The big values are past a
 * double's 15-17 significant digits: any float on the way would change their last digits.
 */
const CASES: Array<{ what: string; text: string; digits: string; decimals: number }> = [
  { what: 'Home price', text: formatHomePrice('67234.123456'), digits: '67234.12346', decimals: 5 },
  {
    what: 'Home price, big',
    text: formatHomePrice('98765432109876.123456789'),
    digits: '98765432109876.12346',
    decimals: 5,
  },
  { what: 'Markets price', text: formatMarketPrice('3012.98765'), digits: '3012.9877', decimals: 4 },
  { what: 'Markets tiny price', text: formatMarketPrice('0.0000123456789'), digits: '0.00001235', decimals: 8 },
  { what: 'other price', text: formatPrice('1234.5'), digits: '1234.50', decimals: 2 },
  { what: 'other price, big', text: formatPrice('12345678901234567.891'), digits: '12345678901234567.89', decimals: 2 },
  { what: 'P/L gain', text: formatProfitLoss('12.344'), digits: '+12.34', decimals: 2 },
  { what: 'P/L loss', text: formatProfitLoss('-0.5'), digits: '-0.50', decimals: 2 },
  { what: 'change percent', text: formatChangePercent('-1.234'), digits: '-1.23%', decimals: 2 },
  { what: 'balance', text: formatAmount('1500.123456789'), digits: '1500.12345678', decimals: 8 },
];

const decimalsOf = (text: string, separator: string) => (text.split(separator)[1] ?? '').replace(/\D+$/, '').length;

afterEach(() => act(() => i18n.show('en')));

describe('number() on the shared formatters', () => {
  it('the formatters give docs/product.md decimals (the input of every language below)', () => {
    for (const { what, text, digits, decimals } of CASES) {
      expect(text, what).toBe(digits);
      expect(decimalsOf(text, '.'), what).toBe(decimals);
    }
  });

  for (const { code } of LANGUAGES) {
    it(`${code}: same digits and decimals, its own separator, no grouping`, () => {
      const { result } = renderHook(() => useI18n());
      act(() => i18n.show(code));
      expect(result.current.language).toBe(code);
      const separator = SEPARATOR[code];
      for (const { what, text, digits, decimals } of CASES) {
        const shown = result.current.number(text);
        expect(shown, `${code} ${what}`).toBe(digits.replace('.', separator));
        // Nothing but digits, the sign, the percent and one separator: no grouping, no other digits.
        expect(shown, `${code} ${what}`).toMatch(/^[+-]?\d+([.,]\d+)?%?$/);
        expect(decimalsOf(shown, separator), `${code} ${what}`).toBe(decimals);
      }
    });
  }
});
