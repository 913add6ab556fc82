/**
 * What an admin write changed, as the activity log shows it (issue 15): each field whose value differs,
 * before and after. Products show their categories by name, their images by URL and their stock per
 * size × colour as units left (null: not tracked). Nothing here can see a password or a token: only
 * product and category fields are ever read.
 */
import type { ActivityChange, ActivityValue } from '#contract/schemas/activity';
import type { StoredCategory, StoredProduct } from '../records';

export type Values = Record<string, ActivityValue>;

const same = (a: ActivityValue, b: ActivityValue): boolean =>
  Array.isArray(a) && Array.isArray(b) ? a.length === b.length && a.every((x, i) => x === b[i]) : a === b;

/** The fields whose value differs; a side that does not exist (create, delete) reads as null throughout. */
export function changesBetween(before: Values | undefined, after: Values | undefined): ActivityChange[] {
  const keys = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})]);
  const out: ActivityChange[] = [];
  for (const field of keys) {
    const b = before?.[field] ?? null;
    const a = after?.[field] ?? null;
    if (!same(b, a)) out.push({ field, before: b, after: a });
  }
  return out;
}

export interface ProductView {
  /** Category names by id (a deleted category shows as its id). */
  categoryName(id: number): string;
  /** Units left per size × colour, null for an untracked product. */
  variants(p: StoredProduct): { size: string; color: string; quantity: number | null }[];
}

export const stockField = (size: string, color: string): string =>
  ['stock', [size, color].filter(Boolean).join(' / ')].filter(Boolean).join(' ');

export function productValues(p: StoredProduct, view: ProductView): Values {
  const values: Values = {
    title: p.title,
    sku: p.sku,
    regular_price: p.regular_price,
    sale_price: p.sale_price,
    categories: p.category_ids.map((id) => view.categoryName(id)),
    sizes: [...p.sizes],
    colors: [...p.colors],
    short_description: p.short_description,
    description: p.description,
    collections: [...p.collections],
    featured_image: p.featured_image,
    images: p.images.map((i) => i.url),
  };
  // Stock shows per variant only while tracked; stopping tracking reads as every cell going to null.
  if (p.inventory) for (const v of view.variants(p)) values[stockField(v.size, v.color)] = v.quantity;
  return values;
}

export function categoryValues(c: StoredCategory): Values {
  return { name: c.name, slug: c.slug, image: c.image };
}
