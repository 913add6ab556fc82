/**
 * Strings and numbers for a schema's leaves, within its limits when tidy and around or past them when
 * wild: the lengths and bounds come from the schema's own checks (schema-view.ts).
 */
import fc from 'fast-check';
import type { Arb, DefView, Mood } from './schema-view';
import { checkOf } from './schema-view';

/** Caps a generated string: a field allowing megabytes (a data URL) would otherwise slow every run down. */
const LONG_CAP = 100_000;
// prettier-ignore
const NASTY_TEXT = ['', ' ', ' \t\n ', '\u0000', 'a\u0000b', '\ud800', 'x\udfff', '😀', 'e\u0301', '\u202eevil',
  'a\u0001b', '\u001b[31m', 'a\u007fb', 'a\u0085b', 'a\r\nb', 'a\tb', 'x\ud83d',
  '<img src=x onerror=alert(1)>', "'; DROP TABLE users;--", '../../etc/passwd', '%00', 'NaN', 'Infinity', '-0',
  '1e308', 'null', 'undefined', '__proto__', 'constructor', '{}', '[]', 'İ'.repeat(30)];
const LONG_CHARS = ['a', 'é', '😀', '\u0000', ' ', '\ud800', '<', 'İ', '\u0001'];
/** Characters whose lower case or slug is longer than they are: a name at its limit can outgrow a row's. */
const AT_LIMIT_CHARS = ['a', 'é', 'İ', 'ß', 'ﬃ'];
// prettier-ignore
const EDGE_NUMBERS = [0, -0, -1, 1, 0.5, 1.5, 100, 101, 1e6, 1e6 + 0.01, 1e308, -1e308, 2 ** 53, 2 ** 53 + 2,
  Number.MAX_SAFE_INTEGER, 1e-7, 5e-324, 0.1 + 0.2, 19.999];
const NUMBERISH = [
  '1',
  '0',
  '-1',
  '1.5',
  'NaN',
  'Infinity',
  '-Infinity',
  '1e308',
  '0x10',
  ' 7 ',
  '',
  '1,5',
  '١٢',
];

const repeatTo = (c: string, n: number): string => c.repeat(Math.ceil(n / c.length));

export function textArb(d: DefView, mood: Mood): fc.Arbitrary<string> {
  const max = Math.min(checkOf(d, 'max_length')?.maximum ?? 200, LONG_CAP);
  const min = checkOf(d, 'min_length')?.minimum ?? 0;
  const short = Math.max(min, Math.min(max, 24));
  const plain = fc.string({ minLength: min, maxLength: short });
  const unicode = fc.string({ unit: 'grapheme', minLength: min, maxLength: short });
  const atMax = fc.constantFrom(...AT_LIMIT_CHARS).map((c) => repeatTo(c, max).slice(0, max));
  if (mood === 'tidy')
    return fc.oneof({ weight: 6, arbitrary: plain }, { weight: 2, arbitrary: unicode }, atMax);
  const sizes = [...new Set([max, max + 1, 2 * max].map((n) => Math.min(n, LONG_CAP)))];
  const long = fc
    .tuple(fc.constantFrom(...LONG_CHARS), fc.constantFrom(...sizes))
    .map(([c, n]) => repeatTo(c, n));
  return fc.oneof(
    { weight: 3, arbitrary: plain },
    { weight: 2, arbitrary: fc.constantFrom(...NASTY_TEXT) },
    { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 24 }) },
    { weight: 2, arbitrary: long },
  );
}

export function numberArb(d: DefView, mood: Mood): Arb {
  const int = !!checkOf(d, 'number_format')?.format?.includes('int');
  const above = checkOf(d, 'greater_than');
  const lo = (above?.value ?? 0) + (int && above && !above.inclusive ? 1 : 0);
  const hi = Math.min(checkOf(d, 'less_than')?.value ?? lo + 1000, lo + 1000);
  const valid = int
    ? fc.integer({ min: Math.ceil(lo), max: Math.floor(hi) })
    : fc.double({ min: lo, max: hi, noNaN: true }).map((n) => Math.round(n * 100) / 100);
  if (mood === 'tidy') return valid;
  return fc.oneof(
    { weight: 3, arbitrary: valid },
    { weight: 2, arbitrary: fc.constantFrom(...EDGE_NUMBERS) },
    { weight: 1, arbitrary: fc.constantFrom(...NUMBERISH) },
    { weight: 1, arbitrary: fc.double({ noNaN: true, noDefaultInfinity: true }) },
  );
}
