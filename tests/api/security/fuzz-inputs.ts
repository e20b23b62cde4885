/**
 * What a hostile or broken client sends (fast-check arbitraries): wrong types, missing and extra
 * fields, huge strings, unicode, amounts a parser might misread, prototype keys, malformed JSON,
 * odd query strings and path segments, malformed multipart. Each request starts from a valid one
 * (route-table.ts) and breaks it in one to three ways.
 */
import fc from 'fast-check';

/** A JSON literal written as is, for what JSON.stringify cannot produce (NaN, 1e400, -0). */
class RawJson {
  constructor(readonly text: string) {}
}

type Fuzzy = unknown;

/** A JSON object as ordered entries, so keys like `__proto__` stay plain keys. */
export type Entries = [string, Fuzzy][];

function jsonText(value: Fuzzy): string {
  if (value instanceof RawJson) return value.text;
  if (Array.isArray(value)) return `[${value.map(jsonText).join(',')}]`;
  if (value && typeof value === 'object') return entriesText(Object.entries(value));
  return JSON.stringify(value) ?? 'null';
}

export const entriesText = (entries: Entries) =>
  `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${jsonText(v)}`).join(',')}}`;

const SPECIAL_STRINGS = [
  '',
  ' ',
  '\u0000',
  '\u202e\u0645',
  '🦄💸',
  'null',
  'undefined',
  'true',
  '[]',
  '{}',
  '<script>alert(1)</script>',
  "' OR 1=1 --",
  '${7*7}{{7*7}}',
  '../../../etc/passwd',
  '..\\..\\windows\\win.ini',
  '%00%2e%2e%2f',
  '__proto__',
  'constructor',
  'prototype',
  '\ud800',
  'e\u0301',
  'ＡＢＣ',
  // A transaction hash in full-width look-alikes (docs/decisions/0028-deposit-networks.md): must never pass as 64 hex characters.
  `0x${'ａ'.repeat(64)}`,
  // Language codes a lax check might take (POST /api-v1/user/language/ accepts the ten of the picker only).
  'EN',
  'de-DE',
  'zh-Hans',
  'en ',
  'xx',
];

/** Numbers a decimal parser may misread, as strings and as bare JSON literals. */
const BAD_AMOUNT_STRINGS = [
  'NaN',
  'Infinity',
  '-Infinity',
  '-1',
  '-0.00000001',
  '0',
  '0.0',
  '-0',
  '1e2',
  '1E+2',
  '5e-324',
  '1.123456789',
  '0.000000001',
  '100000000000000000000',
  '99999999999999999999.5',
  '.5',
  '5.',
  '+50',
  '0050',
  '50,5',
  '50 5',
  '٥٠',
  '５０',
  '0x32',
  '0b11',
  '1_000',
  '50\u0000',
  '',
  ' ',
  'fifty',
];
const BAD_AMOUNT_LITERALS = [
  'NaN',
  'Infinity',
  '-Infinity',
  '1e400',
  '-1',
  '-0.5',
  '0',
  '-0',
  '1.123456789',
  '1e-9',
  '123456789012345678901234567890',
  '1e21',
];

const badAmount: fc.Arbitrary<Fuzzy> = fc.oneof(
  fc.constantFrom(...BAD_AMOUNT_STRINGS),
  fc.constantFrom(...BAD_AMOUNT_LITERALS).map((t) => new RawJson(t)),
  fc.double({ noNaN: true }).filter((d) => d <= 0 || !Number.isFinite(d) || !/^\d+(\.\d{1,8})?$/.test(String(d))),
  fc.bigInt({ min: 10n ** 20n, max: 10n ** 40n }).map((b) => new RawJson(b.toString())),
  fc
    .tuple(fc.integer({ min: 0, max: 999 }), fc.integer({ min: 9, max: 30 }))
    .map(([i, places]) => `${i}.${'1'.repeat(places)}`),
);

const nastyString: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
  { weight: 3, arbitrary: fc.constantFrom(...SPECIAL_STRINGS) },
  {
    weight: 1,
    arbitrary: fc
      .tuple(fc.constantFrom('a', '9', '€', '🦄', '\u0000'), fc.integer({ min: 300, max: 70_000 }))
      .map(([c, n]) => c.repeat(n)),
  },
);

/** Any value of any type. */
const nastyValue: fc.Arbitrary<Fuzzy> = fc.oneof(
  { weight: 3, arbitrary: nastyString },
  { weight: 2, arbitrary: badAmount },
  { weight: 1, arbitrary: fc.oneof(fc.integer(), fc.double(), fc.boolean(), fc.constant(null)) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  { weight: 1, arbitrary: fc.array(nastyString, { maxLength: 4 }) },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      new RawJson('{"__proto__":{"isAdmin":true}}'),
      new RawJson('{"constructor":{"prototype":{"isAdmin":true}}}'),
      new RawJson(`${'['.repeat(2000)}${']'.repeat(2000)}`),
    ),
  },
);

const EXTRA_KEYS = [
  '__proto__',
  'constructor',
  'prototype',
  'is_admin',
  'isAdmin',
  'user_id',
  'userId',
  'balance',
  'status',
  'fee',
  'role',
  // The second factor (docs/security.md) on any route: a code, a passkey assertion, a sign-in ticket.
  'two_factor_code',
  'passkey',
  'ticket',
  // The profile's read-only fields (docs/decisions/0043-languages.md): POST /api-v1/user/update/ must refuse them.
  'email',
  'uniqueid',
  'is_verified',
  'promotion_code',
  '',
];

/** One way to break a JSON object body. */
export type BodyMutation =
  | { kind: 'set'; key: string; value: Fuzzy }
  | { kind: 'amount'; value: Fuzzy }
  | { kind: 'delete'; key: string }
  | { kind: 'extra'; key: string; value: Fuzzy };

export const bodyMutation = (keys: string[]): fc.Arbitrary<BodyMutation> => {
  const key = keys.length > 0 ? fc.constantFrom(...keys) : fc.constant('amount');
  return fc.oneof(
    { weight: 4, arbitrary: fc.record({ kind: fc.constant('set' as const), key, value: nastyValue }) },
    { weight: 2, arbitrary: fc.record({ kind: fc.constant('amount' as const), value: badAmount }) },
    { weight: 2, arbitrary: fc.record({ kind: fc.constant('delete' as const), key }) },
    {
      weight: 2,
      arbitrary: fc.record({
        kind: fc.constant('extra' as const),
        key: fc.oneof(fc.constantFrom(...EXTRA_KEYS), fc.string({ maxLength: 12 })),
        value: nastyValue,
      }),
    },
  );
};

/** Field names that carry money or sizes: 'amount' mutations go to these. */
const AMOUNT_KEY = /amount|price|hands|quantity|fee|value|limit|profit|loss/i;

export function applyBodyMutations(base: Entries, mutations: BodyMutation[]): Entries {
  let entries: Entries = base.map(([k, v]) => [k, v]);
  for (const m of mutations) {
    switch (m.kind) {
      case 'set':
        entries = entries.some(([k]) => k === m.key)
          ? entries.map(([k, v]) => [k, k === m.key ? m.value : v])
          : [...entries, [m.key, m.value]];
        break;
      case 'amount': {
        const target = entries.find(([k]) => AMOUNT_KEY.test(k))?.[0] ?? 'amount';
        entries = [...entries.filter(([k]) => k !== target), [target, m.value]];
        break;
      }
      case 'delete':
        entries = entries.filter(([k]) => k !== m.key);
        break;
      case 'extra':
        entries = [...entries, [m.key, m.value]];
        break;
    }
  }
  return entries;
}

/** JSON that is not JSON (or is, but only just), built from the valid body's text. */
export const malformedJson = (validText: string): fc.Arbitrary<string> =>
  fc.oneof(
    fc.integer({ min: 0, max: Math.max(0, validText.length - 1) }).map((cut) => validText.slice(0, cut)),
    fc.constantFrom(
      `${validText}}`,
      `${validText},`,
      `${validText}garbage`,
      validText.replace(/"/g, "'"),
      `\ufeff${validText}`,
      validText.replace(/}$/, ',}'),
      `/* comment */${validText}`,
      validText.replace(/:/, ': NaN, "x":'),
      'undefined',
      "{'a':1}",
      '{"a":1,"a":2}',
      '{"a":"\\u00"}',
      '{"a":"\\ud800"}',
      '[',
      '{',
      '"',
      `{"a":${'['.repeat(10_000)}`,
      '\u0000',
    ),
    fc.string({ unit: 'binary', maxLength: 64 }),
  );

/** Any JSON value as the whole body, object or not. */
export const wholeBody: fc.Arbitrary<string> = fc.oneof(
  fc.jsonValue({ maxDepth: 4 }).map((v) => JSON.stringify(v) ?? 'null'),
  fc.constantFrom('null', 'true', '0', '-1', '""', '[]', '[{}]', '"{}"', '1e400'),
);

/** Content types other than the JSON the route expects. */
export const CONTENT_TYPES = [
  'text/plain',
  'application/x-www-form-urlencoded',
  'application/xml',
  'application/json; charset=utf-16',
  'application/json; charset=latin1',
  'multipart/form-data; boundary=x',
  'multipart/form-data',
  'application/octet-stream',
  '',
];

/** A query string value as a client might send it: encoded, raw, repeated, nested. */
export const queryPart = (keys: string[]): fc.Arbitrary<string> => {
  const key = fc.oneof(
    fc.constantFrom(...keys, '__proto__', 'constructor[prototype][x]', 'a[]', 'a[b]'),
    fc.string({ maxLength: 8 }).map(encodeURIComponent),
  );
  const value = fc.oneof(
    nastyString.map((v) => encodeURIComponent(v.replace(/[\ud800-\udfff]/g, '').slice(0, 3000))),
    fc.constantFrom(
      '%',
      '%E0%A4%A',
      '%zz',
      '%00',
      '%2e%2e%2f',
      '-1',
      '0',
      '1e3',
      '9'.repeat(30),
      'NaN',
      'Infinity',
      'true',
      '[]',
      '[1,2]',
      '%5B%22BTCUSDT%22%5D',
      '+1',
      '0x10',
      '',
    ),
  );
  return fc.tuple(key, value).map(([k, v]) => `${k}=${v}`);
};

export const pathSegment: fc.Arbitrary<string> = fc.oneof(
  nastyString.map((v) => encodeURIComponent(v.replace(/[\ud800-\udfff]/g, '').slice(0, 2000))),
  fc.constantFrom(
    '..',
    '%2e%2e',
    '%2e%2e%2f%2e%2e%2fetc%2fpasswd',
    '%00',
    '-1',
    '0',
    '1.5',
    '1e3',
    '9'.repeat(30),
    '9007199254740993',
    '%20%201',
    'null',
    '00000000-0000-0000-0000-000000000000',
    'ffffffff-ffff-ffff-ffff-fffffffffffff',
    'FFFFFFFF-FFFF-4FFF-8FFF-FFFFFFFFFFFF',
    '{}',
    '%7B%7D',
    '%',
  ),
);

/** Multipart bodies that are broken in the ways parsers trip over. */
export const brokenMultipart: fc.Arbitrary<{ contentType: string; payload: Buffer }> = fc
  .tuple(
    fc.constantFrom(
      (b: string) => `--${b}\r\nContent-Disposition: form-data; name="text"\r\n\r\nhi`,
      (b: string) => `--${b}\r\nContent-Disposition: form-data; name="text"\r\n\r\nhi\r\n--${b}`,
      (b: string) => `--${b}\r\n\r\nno headers\r\n--${b}--\r\n`,
      (b: string) => `--${b}\r\nContent-Disposition: form-data\r\n\r\nno name\r\n--${b}--\r\n`,
      (b: string) =>
        `--${b}\r\nContent-Disposition: form-data; name="image"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n\x89PNG\r\n--${b}`,
      (b: string) => `--${b}\r\nContent-Disposition: form-data; name="${'n'.repeat(100_000)}"\r\n\r\nx\r\n--${b}--\r\n`,
      (b: string) =>
        `--${b}\r\nContent-Disposition: form-data; name="text"\r\n\r\n${'x'.repeat(70_000)}\r\n--${b}--\r\n`,
      (b: string) =>
        Array.from(
          { length: 40 },
          (_, i) => `--${b}\r\nContent-Disposition: form-data; name="f${i}"\r\n\r\nx\r\n`,
        ).join('') + `--${b}--\r\n`,
      (b: string) =>
        `--${b}\r\nContent-Disposition: form-data; name="image"; filename="\u0000../../x.png"\r\n\r\nGIF89a\r\n--${b}--\r\n`,
      (b: string) => `--wrong\r\nContent-Disposition: form-data; name="text"\r\n\r\nhi\r\n--wrong--\r\n${b}`,
      () => 'not multipart at all',
      () => '',
    ),
    fc.constantFrom('x', 'boundary', '----abc', 'a'.repeat(70)),
    fc.boolean(),
  )
  .map(([make, boundary, withBoundary]) => ({
    contentType: withBoundary ? `multipart/form-data; boundary=${boundary}` : 'multipart/form-data',
    payload: Buffer.from(make(boundary), 'latin1'),
  }));
