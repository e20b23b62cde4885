/**
 * The shared formatters (src/shared/format.ts) stay exact through `number()` in every language of the
 * picker: the same digits (no float ever parses them), docs/product.md section 9's decimals ("5 on
 * home; 4 on markets (8 below 0.0001); 2 everywhere else. P/L shows 2 decimals"), the language's
 * decimal separator (docs/decisions/0043-languages.md) and its thousands grouping
 * (docs/decisions/0066-number-display.md).
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
import { localizeNumber, numberMarks } from './number-format';

/** The decimal separator and the thousands mark each language writes (CLDR, as Intl gives them). */
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
const GROUP: Record<LanguageCode, string> = {
  en: ',',
  zh: ',',
  ja: ',',
  ko: ',',
  fr: '\u202f',
  de: '.',
  es: '.',
  it: '.',
  ru: '\u00a0',
  pt: '.',
};
/** es and it leave a four-digit whole part ungrouped ('1234,50', but '12.345,50'), as CLDR says. */
const GROUPS_FROM: Record<LanguageCode, number> = {
  en: 4,
  zh: 4,
  ja: 4,
  ko: 4,
  fr: 4,
  de: 4,
  es: 5,
  it: 5,
  ru: 4,
  pt: 4,
};

/** `digits` ('-98765432109876.12346') as `code` writes it, built by hand: grouped, its decimal mark. */
function written(code: LanguageCode, digits: string): string {
  return digits.replace(/(\d+)(?:\.(\d+))?/, (_m, whole: string, fraction?: string) => {
    const grouped = whole.length < GROUPS_FROM[code] ? whole : whole.replace(/\B(?=(\d{3})+$)/g, GROUP[code]);
    return fraction === undefined ? grouped : `${grouped}${SEPARATOR[code]}${fraction}`;
  });
}

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
  { what: 'Home tiny price', text: formatHomePrice('0.0000123456789'), digits: '0.00001235', decimals: 8 },
  { what: 'Markets price', text: formatMarketPrice('3012.98765'), digits: '3012.9877', decimals: 4 },
  { what: 'Markets tiny price', text: formatMarketPrice('0.0000123456789'), digits: '0.00001235', decimals: 8 },
  { what: 'other price', text: formatPrice('1234.5'), digits: '1234.50', decimals: 2 },
  { what: 'other price, big', text: formatPrice('12345678901234567.891'), digits: '12345678901234567.89', decimals: 2 },
  { what: 'P/L gain', text: formatProfitLoss('12.344'), digits: '+12.34', decimals: 2 },
  { what: 'P/L loss', text: formatProfitLoss('-0.5'), digits: '-0.50', decimals: 2 },
  { what: 'change percent', text: formatChangePercent('-1.234'), digits: '-1.23%', decimals: 2 },
  { what: 'balance', text: formatAmount('1500.123456789'), digits: '1500.12345678', decimals: 8 },
  { what: 'balance, 12 digits', text: formatAmount('123456789012.5'), digits: '123456789012.5', decimals: 1 },
  {
    what: 'balance, huge negative',
    text: formatAmount('-12345678901234567890.12345678'),
    digits: '-12345678901234567890.12345678',
    decimals: 8,
  },
  { what: 'P/L, big gain', text: formatProfitLoss('1234567.891'), digits: '+1234567.89', decimals: 2 },
];

const decimalsOf = (text: string, separator: string) => (text.split(separator)[1] ?? '').replace(/\D+$/, '').length;

afterEach(() => act(() => i18n.show('en')));

describe("each language's marks", () => {
  for (const { code } of LANGUAGES) {
    it(`${code}: the table's marks are the ones Intl.NumberFormat (CLDR) gives`, () => {
      const format = new Intl.NumberFormat(code);
      const parts = format.formatToParts(1234567.5);
      const group = parts.find((part) => part.type === 'group')!.value;
      expect(numberMarks(code)).toEqual({
        decimal: parts.find((part) => part.type === 'decimal')!.value,
        group,
        groupFrom: format.format(1234).includes(group) ? 4 : 5,
      });
    });
  }
});

describe('number() on the shared formatters', () => {
  it('the formatters give docs/product.md decimals (the input of every language below)', () => {
    for (const { what, text, digits, decimals } of CASES) {
      expect(text, what).toBe(digits);
      expect(decimalsOf(text, '.'), what).toBe(decimals);
    }
  });

  for (const { code } of LANGUAGES) {
    it(`${code}: same digits and decimals, its own separator and grouping`, () => {
      const { result } = renderHook(() => useI18n());
      act(() => i18n.show(code));
      expect(result.current.language).toBe(code);
      const separator = SEPARATOR[code];
      for (const { what, text, digits, decimals } of CASES) {
        const shown = result.current.number(text);
        expect(shown, `${code} ${what}`).toBe(written(code, digits));
        // Taking the group marks out gives the formatter's digits back: no digit added, lost or rounded.
        expect(shown.split(GROUP[code]).join('').replace(separator, '.'), `${code} ${what}`).toBe(digits);
        expect(decimalsOf(shown, separator), `${code} ${what}`).toBe(decimals);
      }
    });
  }
});

describe('localizeNumber', () => {
  it('groups the whole part only, in each language', () => {
    expect(localizeNumber('en', '1234567.891')).toBe('1,234,567.891');
    expect(localizeNumber('de', '1234567.891')).toBe('1.234.567,891');
    expect(localizeNumber('fr', '1234567.891')).toBe('1\u202f234\u202f567,891');
    expect(localizeNumber('ru', '-1234.5')).toBe('-1\u00a0234,5');
    expect(localizeNumber('ja', '1234.56789012')).toBe('1,234.56789012');
    expect(localizeNumber('es', '1234.50')).toBe('1234,50');
    expect(localizeNumber('es', '12345.50')).toBe('12.345,50');
    expect(localizeNumber('pt', '999.99')).toBe('999,99');
  });

  it('keeps every digit of amounts past a double and of sub-0.0001 prices', () => {
    expect(localizeNumber('en', '98765432109876543210.12345678')).toBe('98,765,432,109,876,543,210.12345678');
    expect(localizeNumber('de', '-98765432109876543210.00000001')).toBe('-98.765.432.109.876.543.210,00000001');
    expect(localizeNumber('de', '0.00001235')).toBe('0,00001235');
    expect(localizeNumber('en', '0.00000002')).toBe('0.00000002');
  });

  it('localizes each number of a text and leaves words and codes alone', () => {
    expect(localizeNumber('de', '54271.35 → 53266.33')).toBe('54.271,35 → 53.266,33');
    expect(localizeNumber('en', '+1234.5%')).toBe('+1,234.5%');
    expect(localizeNumber('en', '1200.00 USDT')).toBe('1,200.00 USDT');
    expect(localizeNumber('de', 'ERC20 1000')).toBe('ERC20 1.000');
    expect(localizeNumber('de', '1.93B')).toBe('1,93B');
    expect(localizeNumber('ko', '0.1계약')).toBe('0.1계약');
    expect(localizeNumber('en', '--')).toBe('--');
  });

  it('leaves the text of a field ungrouped, with the language’s decimal mark (what an amount field takes)', () => {
    expect(localizeNumber('en', '60000.00', { grouping: false })).toBe('60000.00');
    expect(localizeNumber('de', '60000.00', { grouping: false })).toBe('60000,00');
    expect(localizeNumber('fr', '-1234567.5', { grouping: false })).toBe('-1234567,5');
  });
});
