/**
 * Values shaped by walking a zod schema of the contract: objects, arrays, unions and wrappers are taken
 * apart here, leaves come from scalars.ts, and a field named in field-hints.ts gets its hint instead.
 */
import fc from 'fast-check';
import type { z } from 'zod';
import { HINTS } from './field-hints';
import { numberArb, textArb } from './scalars';
import type { Arb, DefView, Mood } from './schema-view';
import { checkOf, defOf } from './schema-view';

const WRONG_TYPES: Arb = fc.oneof(
  fc.constantFrom(null, true, false, [], {}, [1, 'a'], { nested: { deep: [1, { x: null }] } }),
  fc.jsonValue({ maxDepth: 2 }),
);
/** Keys no request schema has: roles, owners, totals and prototype names. */
// prettier-ignore
const EXTRA_KEYS: Array<[string, unknown]> = [['is_admin', 1], ['isAdmin', true], ['id', 999], ['user_id', 1],
  ['total', 0.01], ['price', 0], ['status', 'completed'], ['created_at', '1970-01-01'], ['password_hash', 'x'],
  ['constructor', { prototype: { is_admin: 1 } }], ['prototype', { is_admin: 1 }],
  ['__proto__', { is_admin: 1, polluted: true }], ['toString', 'x'], ['hasOwnProperty', 1]];

function objectArb(d: DefView, mood: Mood): Arb {
  const fields = Object.entries(d.shape ?? {}).map(([key, s]) => {
    const optional = s.safeParse(undefined).success;
    const present =
      mood === 'wild'
        ? fc.oneof({ weight: 5, arbitrary: fc.constant(true) }, fc.constant(false))
        : optional
          ? fc.boolean()
          : fc.constant(true);
    return fc.tuple(fc.constant(key), present, valueArb(s, key, mood));
  });
  const extras = mood === 'wild' ? fc.subarray(EXTRA_KEYS, { maxLength: 3 }) : fc.constant([]);
  return fc.tuple(fc.tuple(...fields), extras).map(([fs, ex]) => {
    const out: Record<string, unknown> = {};
    for (const [key, present, value] of fs) if (present) out[key] = value;
    // defineProperty: `__proto__` must be an own key of the JSON, not this object's prototype.
    for (const [key, value] of ex)
      Object.defineProperty(out, key, { value, enumerable: true, writable: true, configurable: true });
    return out;
  });
}

function arrayArb(d: DefView, key: string, mood: Mood): Arb {
  const el = valueArb(d.element!, `${key}[]`, mood);
  const min = checkOf(d, 'min_length')?.minimum ?? 0;
  const max = checkOf(d, 'max_length')?.maximum ?? 20;
  const some = fc.array(el, { minLength: min, maxLength: Math.max(min, Math.min(max, 3)) });
  if (mood === 'tidy') return some;
  const overfull = fc.tuple(el, fc.constantFrom(max + 1, 2 * max)).map(([v, n]) => Array<unknown>(n).fill(v));
  return fc.oneof({ weight: 4, arbitrary: some }, fc.constant([]), overfull);
}

/** A value for `schema` (the field `key` of its object), shaped by the schema's own types and limits. */
export function valueArb(schema: z.ZodType, key: string, mood: Mood): Arb {
  const generic = (): Arb => schemaArb(schema, key, mood);
  const hinted = HINTS[key]?.(mood, generic, valueArb);
  if (hinted) return hinted;
  const base = generic();
  return mood === 'wild' ? fc.oneof({ weight: 8, arbitrary: base }, WRONG_TYPES) : base;
}

function schemaArb(schema: z.ZodType, key: string, mood: Mood): Arb {
  const d = defOf(schema);
  switch (d.type) {
    case 'optional':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'catch':
    case 'nonoptional':
      return valueArb(d.innerType!, key, mood);
    case 'nullable':
      return fc.oneof({ weight: 4, arbitrary: valueArb(d.innerType!, key, mood) }, fc.constant(null));
    case 'pipe':
      return valueArb(d.in!, key, mood);
    case 'union':
      return fc.oneof(...(d.options ?? []).map((o) => valueArb(o, key, mood)));
    case 'object':
      return objectArb(d, mood);
    case 'array':
      return arrayArb(d, key, mood);
    case 'string':
      return textArb(d, mood);
    case 'number':
      return numberArb(d, mood);
    case 'enum': {
      const values = Object.values(d.entries ?? {});
      const valid = fc.constantFrom(...values);
      return mood === 'tidy'
        ? valid
        : fc.oneof(
            valid,
            valid.map((v) => String(v).toUpperCase()),
            valid.map((v) => ` ${String(v)}`),
          );
    }
    case 'literal':
      return fc.constantFrom(...(d.values ?? [null]));
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}
