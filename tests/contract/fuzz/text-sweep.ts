/**
 * The text rule (contract/rules/text.ts, issue 24) swept over every text field the contract takes: for each
 * endpoint, one request per bad character with that character in every text field of its query or body at
 * once (and in every field of an order's shipping details), sent as the endpoint's own role. Each answer must
 * be the 400 that parsing the same value with the contract's schema gives, field for field, and name every
 * text field; the fuzz checks (checks.ts) run on it too, so nothing is stored. Koa on lowdb, Koa on
 * PostgreSQL and MSW all assert the one answer the contract computes, so the three answer alike.
 */
import { expect } from 'vitest';
import type { z } from 'zod';
import type { Endpoint, EndpointName } from '#contract/endpoints';
import { endpoints } from '#contract/endpoints';
import { placeOrderBodySchema, shippingDetailsSchema } from '#contract/schemas/order';
import { tinyDemoStore } from '#server/test/tiny-seed';
import type { Answer } from './checks';
import type { FuzzRequest } from './requests';
import type { Role } from './send';
import { defOf } from './schema-view';

/** A character of each kind the rule refuses: NUL, a C0 control, a lone surrogate of each half, DEL, C1. */
export const BAD_CHARACTERS = ['\u0000', '\u0001', '\u001b', '\ud800', '\udfff', '\u007f', '\u0085'] as const;

/**
 * Never stored, so outside the rule: a sign-in password and the current one of a password change must
 * still match whatever an account was created with before the rule.
 */
const EXEMPT = new Set(['login body.password', 'changePassword body.oldPassword']);

const codePoint = (c: string): string => `U+${c.charCodeAt(0).toString(16).padStart(4, '0').toUpperCase()}`;

interface Soaked {
  value: unknown;
  paths: string[];
}

/** A value for `schema` with `bad` in every text leaf, and those leaves' paths; undefined where no text goes. */
function soak(schema: z.ZodType, bad: string, path: string): Soaked | undefined {
  const d = defOf(schema);
  switch (d.type) {
    case 'optional':
    case 'default':
    case 'prefault':
    case 'nullable':
    case 'readonly':
    case 'catch':
    case 'nonoptional':
      return soak(d.innerType!, bad, path);
    case 'pipe':
      return soak(d.in!, bad, path);
    case 'union':
      for (const o of d.options ?? []) {
        const s = soak(o, bad, path);
        if (s) return s;
      }
      return undefined;
    case 'array': {
      const s = soak(d.element!, bad, `${path}.0`);
      return s && { value: [s.value], paths: s.paths };
    }
    case 'object': {
      const value: Record<string, unknown> = {};
      const paths: string[] = [];
      for (const [key, s] of Object.entries(d.shape ?? {})) {
        const inner = soak(s, bad, path ? `${path}.${key}` : key);
        if (!inner) continue;
        value[key] = inner.value;
        paths.push(...inner.paths);
      }
      return paths.length ? { value, paths } : undefined;
    }
    case 'string':
      return { value: `Abc${bad}defgh`, paths: [path] };
    default:
      return undefined;
  }
}

/** The fields a 400 of the kernel's parse names (server/core/api/input.ts zodFields), computed here. */
function expectedFields(schema: z.ZodType, value: unknown, prefix = ''): Record<string, string> {
  const r = schema.safeParse(value);
  const fields: Record<string, string> = {};
  for (const issue of r.error?.issues ?? [])
    fields[`${prefix}${issue.path.map(String).join('.')}` || '_'] ??= issue.message;
  return fields;
}

export interface SweepCase {
  label: string;
  name: EndpointName;
  role: Role;
  req: FuzzRequest;
  /** The answer's `fields`, exactly. */
  fields: Record<string, string>;
  /** Text fields the answer must name (a union names its own path for any of its options). */
  paths: string[];
}

const roleOf = (name: EndpointName): Role =>
  endpoints[name].access === 'admin' ? 'admin' : endpoints[name].access === 'user' ? 'shopper' : 'anon';

const request = (name: EndpointName, part: Partial<FuzzRequest>): FuzzRequest => ({
  segment: endpoints[name].path.includes(':id') ? '1' : undefined,
  query: [],
  rawQuery: '',
  headers: {},
  ...part,
});

/** An order whose only fault is its shipping details: the details' own fields are then checked too. */
function shippingCase(bad: string): SweepCase {
  const soaked = soak(shippingDetailsSchema, bad, '')!;
  const product = tinyDemoStore().products[0]!;
  const cart = [
    {
      productId: product.id,
      qty: 1,
      selectedSize: product.sizes[0] ?? '',
      selectedColor: product.colors[0] ?? '',
    },
  ];
  const body = { cart, shipping_address: JSON.stringify(soaked.value), payment_method: 'cod' };
  const outer = placeOrderBodySchema.safeParse(body);
  return {
    label: `placeOrder shipping details ${codePoint(bad)}`,
    name: 'placeOrder',
    role: 'shopper',
    req: request('placeOrder', { body: { text: JSON.stringify(body), type: 'application/json' } }),
    // DEL and C1 survive JSON.stringify unescaped, so the shipping text itself is refused before its details.
    fields: outer.success
      ? {
          shipping_address: 'Invalid shipping address',
          ...expectedFields(shippingDetailsSchema, soaked.value, 'shipping_address.'),
        }
      : expectedFields(placeOrderBodySchema, body),
    paths: soaked.paths.map((p) => `shipping_address.${p}`),
  };
}

/** Every case: each endpoint's query and JSON body (a CSV body's cells are the product form's), each bad character. */
export function sweepCases(): SweepCase[] {
  const cases: SweepCase[] = [];
  for (const name of Object.keys(endpoints) as EndpointName[]) {
    const ep: Endpoint = endpoints[name];
    for (const bad of BAD_CHARACTERS) {
      // A URL carries UTF-8 only: a lone surrogate cannot be sent in a query at all.
      const query = ep.query && !/[\ud800-\udfff]/.test(bad) ? soak(ep.query, bad, '') : undefined;
      if (query) {
        const pairs = Object.entries(query.value as Record<string, string>);
        cases.push({
          label: `${name} query ${codePoint(bad)}`,
          name,
          role: roleOf(name),
          req: request(name, { query: pairs }),
          fields: expectedFields(ep.query!, query.value),
          paths: query.paths,
        });
      }
      const body = ep.body && ep.bodyType !== 'csv' ? soak(ep.body, bad, '') : undefined;
      if (body)
        cases.push({
          label: `${name} body ${codePoint(bad)}`,
          name,
          role: roleOf(name),
          req: request(name, { body: { text: JSON.stringify(body.value), type: 'application/json' } }),
          fields: expectedFields(ep.body!, body.value),
          paths: body.paths.filter((p) => !EXEMPT.has(`${name} body.${p}`)),
        });
    }
    if (name === 'placeOrder') cases.push(...BAD_CHARACTERS.map(shippingCase));
  }
  return cases;
}

/** The answer is the contract's own 400 for the case, naming every text field it holds. */
export function expectRefusal(c: SweepCase, a: Answer): void {
  const where = `${c.label}\n  request: ${a.excerpt}`;
  expect(a.status, where).toBe(400);
  expect(a.json, where).toMatchObject({ code: 'validation_failed' });
  expect((a.json as { fields?: unknown }).fields, where).toEqual(c.fields);
  const named = Object.keys(c.fields);
  for (const p of c.paths)
    expect(
      named.some((k) => p === k || p.startsWith(`${k}.`)),
      `${where}\n  the text field ${p} is not named`,
    ).toBe(true);
}
