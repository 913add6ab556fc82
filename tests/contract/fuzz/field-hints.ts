/**
 * Values for a few field names (e-mails, images, the shipping address, ids, the cart) that a blind walk of
 * the schema would almost never get right, so that valid requests, and so writes, happen too. Hints apply
 * wherever the field name appears, in a body or a query.
 */
import fc from 'fast-check';
import type { z } from 'zod';
import { LIMITS, ORDER_LIMITS } from '#contract/limits';
import { shippingDetailsSchema } from '#contract/schemas/order';
import { tinyDemoStore } from '#server/test/tiny-seed';
import { bigPngDataUrl, PNG_DATA_URL, SHIPPING, SVG_DATA_URL } from '../client';
import { textArb } from './scalars';
import type { Arb, Mood } from './schema-view';
import { defOf } from './schema-view';

/** The schema walker (values.ts), handed in so that it and this file need not import each other. */
export type Walk = (schema: z.ZodType, key: string, mood: Mood) => Arb;
/** A hint's values for the field, or undefined to let the walker shape them (`generic` is the walker's). */
export type Hint = (mood: Mood, generic: () => Arb, walk: Walk) => Arb | undefined;

const GOOD_IMAGES = [
  PNG_DATA_URL,
  `data:image/gif;base64,${btoa('GIF89a\x01\x00\x01\x00\x00\x00\x00;')}`,
  '/uploads/demo/product-1.webp',
];
// prettier-ignore
const BAD_IMAGES = [SVG_DATA_URL, 'data:image/png;base64,****', 'data:,', 'data:image/png;base64,AAAAA', '',
  'data:image/png,%89PNG%0D%0A%1A%0A%00', 'data:image/png,%E0%A4%A', 'javascript:alert(1)', 'http://example.com/a.png',
  '/uploads/../../etc/passwd', `/uploads/${'a'.repeat(LIMITS.imageUrl)}.png`,
  `data:image/png;base64,${btoa('\x89PNG\r\n\x1a\n')}`, PNG_DATA_URL];
const smallImages = (mood: Mood): fc.Arbitrary<string> =>
  fc.constantFrom(...(mood === 'tidy' ? GOOD_IMAGES : BAD_IMAGES));
/** Two big ones, each alone in a body that still fits the form limit: over 2 MB decoded, over the schema's length. */
const bigImages = fc.constantFrom(bigPngDataUrl(2 * 1024 * 1024 + 1), 'A'.repeat(LIMITS.dataUrl + 1));
/** Cart lines the tiny demo store sells (its sizes and colours), so that some orders go through. */
const sellable = fc.constantFrom(
  ...tinyDemoStore().products.map((p) => ({
    productId: p.id,
    selectedSize: p.sizes[0] ?? '',
    selectedColor: p.colors[0] ?? '',
  })),
);
const sellableLines = fc.array(
  fc.tuple(sellable, fc.integer({ min: 1, max: 3 })).map(([l, qty]) => ({ ...l, qty })),
  { minLength: 1, maxLength: 3 },
);
const distinctLines = Array.from({ length: ORDER_LIMITS.lines + 1 }, (_, i) => ({
  productId: 1 + (i % 5),
  qty: 1,
  selectedSize: `s${i}`,
  selectedColor: '',
}));

// prettier-ignore
const BAD_EMAILS = ['a@b', '@example.test', 'x@', ' fuzz@example.test ', `${'a'.repeat(LIMITS.email)}@example.test`,
  'fuzz@example.test\u0000', 'ФУЗЗ@пример.рф'];
const BAD_SHIPPING = [
  '{"name":',
  '[]',
  '42',
  'null',
  '"x"',
  JSON.stringify({ notes: 'x'.repeat(LIMITS.shippingText) }),
];

export const HINTS: Record<string, Hint> = {
  email: (mood, generic) => {
    // Fresh addresses only: fuzzed logins must never spend the throttle of the accounts the run uses.
    const fresh = fc.uuid().map((u) => `fuzz-${u.slice(0, 13)}@example.test`);
    if (mood === 'tidy') return fresh;
    return fc.oneof(fresh, generic(), fc.constantFrom(...BAD_EMAILS));
  },
  image: (mood) =>
    mood === 'tidy'
      ? smallImages('tidy')
      : fc.oneof({ weight: 6, arbitrary: smallImages('wild') }, bigImages),
  images: (mood) =>
    mood === 'tidy'
      ? fc.array(smallImages('tidy'), { minLength: 1, maxLength: 3 })
      : fc.oneof(
          fc.array(fc.oneof(smallImages('tidy'), smallImages('wild')), { maxLength: 4 }),
          fc
            .constantFrom(LIMITS.imagesPerUpload + 1, LIMITS.galleryImages + 1)
            .map((n) => Array<string>(n).fill(PNG_DATA_URL)),
          bigImages.map((b) => [b]),
        ),
  shipping_address: (mood, _generic, walk) => {
    const details = walk(shippingDetailsSchema, '', mood).map((v) => JSON.stringify(v));
    // A complete address with a few of its fields replaced: the checkout rules pass often enough.
    const valid: Record<string, unknown> = JSON.parse(SHIPPING) as Record<string, unknown>;
    const tweaked = fc
      .tuple(walk(shippingDetailsSchema, '', mood), fc.subarray(Object.keys(valid), { maxLength: 2 }))
      .map(([v, keys]) =>
        JSON.stringify({
          ...valid,
          ...Object.fromEntries(keys.map((k) => [k, (v as Record<string, unknown>)[k]])),
        }),
      );
    if (mood === 'tidy') return fc.oneof(tweaked, details);
    return fc.oneof(
      details,
      textArb(defOf(shippingDetailsSchema.shape.notes), 'wild'),
      fc.constantFrom(...BAD_SHIPPING),
    );
  },
  productId: (mood) => (mood === 'tidy' ? fc.integer({ min: 1, max: 10 }) : undefined),
  category: (mood) =>
    mood === 'tidy' ? fc.oneof(fc.integer({ min: 1, max: 4 }), fc.constantFrom('', null)) : undefined,
  country: (mood) =>
    mood === 'tidy'
      ? fc.constantFrom('Canada', 'United States', 'India', 'Germany', 'Narnia', 'canada ')
      : undefined,
  cart: (mood, generic) =>
    mood === 'wild'
      ? fc.oneof({ weight: 4, arbitrary: generic() }, fc.constant(distinctLines))
      : fc
          .tuple(sellableLines, generic(), fc.boolean())
          .map(([good, any, mix]) => (mix ? [...good, ...(any as unknown[])] : good)),
};
