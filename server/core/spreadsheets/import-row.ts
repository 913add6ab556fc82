/**
 * One row of a products import, checked with the admin product form's own rules: the row becomes the
 * form's body and goes through contract productFormBodySchema and catalog/product-form.ts (sanitised
 * description, prices, sizes and colours, stock lines against the sizes × colours), then the parts the
 * form takes another way are checked here: categories by exact name, images as URLs this shop serves.
 * A column the file lacks keeps the product's current value (or the form's default for a new product).
 */
import { LIMITS } from '#contract/limits';
import type { ProductCsvColumn } from '#contract/schemas/csv';
import type { ProductForm } from '#contract/schemas/product';
import { productFormBodySchema } from '#contract/schemas/product';
import { readList, readMoney, readStock } from './cells';
import { isDomainError } from '../api/errors';
import type { HtmlSanitizer } from '../ports';
import type { ProductFields } from '../catalog/product-form';
import { productFields } from '../catalog/product-form';
import type { StoredProduct } from '../records';

export interface RowProblem {
  column: ProductCsvColumn | null;
  message: string;
}

/** What a valid row asks for: the form's fields and the parts it takes besides them. */
export interface RowPlan {
  /** The product the row updates; undefined for a new product. */
  current: StoredProduct | undefined;
  fields: ProductFields;
  featured_image: string | null;
  images: { url: string }[];
  collections: string[];
  /** The form's semantics: undefined keeps the stock, null stops tracking, a list sets those variants. */
  inventory: ProductForm['inventory'];
}

export interface RowContext {
  sanitizer: HtmlSanitizer;
  product(id: number): StoredProduct | undefined;
  /** Category ids by exact name (names need not be unique). */
  categoriesNamed(name: string): readonly number[];
}

/** The same rule as the product form's for an image it already holds (images.ts): a URL under /uploads/. */
const SHOP_IMAGE = /^\/uploads\/[A-Za-z0-9/_.-]+$/;
const isShopImage = (url: string): boolean =>
  url.length <= LIMITS.imageUrl && SHOP_IMAGE.test(url) && !url.includes('..');
const IMAGE_MESSAGE = 'Images must be pictures of this shop, given by their address (/uploads/…)';

/** Form fields to CSV columns, for the form schema's and catalog/product-form.ts's complaints. */
const COLUMN_OF: Record<string, ProductCsvColumn> = {
  title: 'title',
  description: 'description',
  short_description: 'short_description',
  regular_price: 'regular_price',
  sale_price: 'sale_price',
  sku: 'sku',
  sizes: 'sizes',
  colors: 'colors',
  collections: 'collections',
  inventory: 'stock',
};

function priceOf(cell: string, column: ProductCsvColumn, problems: RowProblem[]): number {
  const n = readMoney(cell);
  if (n !== null) return n;
  problems.push({
    column,
    message: /^\s*-/.test(cell)
      ? 'A price cannot be negative'
      : cell.trim() === ''
        ? 'A price is required'
        : 'Write a price as a plain number such as 19.99',
  });
  return 0;
}

/** Checks one row; `cell(column)` is undefined for a column the file does not have. */
export function checkRow(
  ctx: RowContext,
  cell: (column: ProductCsvColumn) => string | undefined,
): { plan: RowPlan } | { problems: RowProblem[] } {
  const problems: RowProblem[] = [];
  const has = (c: ProductCsvColumn): boolean => cell(c) !== undefined;
  const text = (c: ProductCsvColumn): string => cell(c) ?? '';

  let current: StoredProduct | undefined;
  const idCell = text('id').trim();
  if (idCell !== '') {
    const id = /^\d{1,15}$/.test(idCell) ? Number(idCell) : NaN;
    current = Number.isSafeInteger(id) && id > 0 ? ctx.product(id) : undefined;
    if (!current)
      return {
        problems: [
          {
            column: 'id',
            message: Number.isNaN(id)
              ? 'An id is a whole number; leave it empty for a new product'
              : 'No product has this id (leave it empty for a new product)',
          },
        ],
      };
  }

  let inventory: ProductForm['inventory'];
  if (has('stock')) {
    const stock = readStock(text('stock'));
    if (text('stock').trim() === '') inventory = null;
    else if ('problem' in stock) problems.push({ column: 'stock', message: stock.problem });
    else inventory = stock.lines;
  }
  const body = {
    title: text('title'),
    description: has('description') ? text('description') : (current?.description ?? ''),
    short_description: has('short_description') ? text('short_description') : current?.short_description,
    regular_price: priceOf(text('regular_price'), 'regular_price', problems),
    sale_price: has('sale_price')
      ? text('sale_price').trim() === ''
        ? null
        : priceOf(text('sale_price'), 'sale_price', problems)
      : (current?.sale_price ?? null),
    sku: has('sku') ? text('sku') : (current?.sku ?? ''),
    category: null,
    sizes: has('sizes') ? readList(text('sizes')) : (current?.sizes ?? []),
    colors: has('colors') ? readList(text('colors')) : (current?.colors ?? []),
    collections: has('collections') ? readList(text('collections')) : (current?.collections ?? []),
    inventory,
  };
  const parsed = productFormBodySchema.safeParse(body);
  if (!parsed.success) {
    const seen = new Set<string>();
    for (const issue of parsed.error.issues) {
      const column = COLUMN_OF[String(issue.path[0])] ?? null;
      if (seen.has(String(column))) continue;
      seen.add(String(column));
      problems.push({ column, message: issue.message });
    }
  }

  const categoryIds = has('categories') ? categoriesOf(ctx, text('categories'), current, problems) : [];
  const featured = has('featured_image') ? text('featured_image').trim() : (current?.featured_image ?? '');
  if (featured !== '' && !isShopImage(featured))
    problems.push({ column: 'featured_image', message: IMAGE_MESSAGE });
  const images = has('images') ? readList(text('images')) : (current?.images.map((i) => i.url) ?? []);
  if (images.some((url) => !isShopImage(url))) problems.push({ column: 'images', message: IMAGE_MESSAGE });
  else if (images.length > LIMITS.galleryImages)
    problems.push({
      column: 'images',
      message: `A product can have at most ${LIMITS.galleryImages} gallery images`,
    });

  if (problems.length || !parsed.success) return { problems };
  const form = parsed.data;
  let fields: ProductFields;
  try {
    fields = productFields(ctx.sanitizer, form, () =>
      has('categories') ? categoryIds : (current?.category_ids ?? []),
    );
  } catch (e) {
    if (!isDomainError(e) || e.code !== 'validation_failed') throw e;
    return { problems: formProblems(e.fields ?? {}, form) };
  }
  // A column the file lacks keeps the current text as it is (the form would re-derive it).
  if (current && !has('description')) fields.description = current.description;
  if (current && !has('short_description')) fields.short_description = current.short_description;
  return {
    plan: {
      current,
      fields,
      featured_image: featured || null,
      images: images.map((url) => ({ url })),
      collections: form.collections ?? [],
      inventory: form.inventory,
    },
  };
}

/** Exact names; a name several categories share picks the one the product is already in. */
function categoriesOf(
  ctx: RowContext,
  cell: string,
  current: StoredProduct | undefined,
  problems: RowProblem[],
): number[] {
  const ids: number[] = [];
  for (const name of readList(cell)) {
    const named = ctx.categoriesNamed(name);
    const held = named.filter((id) => current?.category_ids.includes(id));
    const id = named.length === 1 ? named[0] : held.length === 1 ? held[0] : undefined;
    if (id === undefined) {
      problems.push({
        column: 'categories',
        message: named.length
          ? `Several categories are named "${name}": rename one of them first`
          : `No category is named "${name}"`,
      });
      return ids;
    }
    if (!ids.includes(id)) ids.push(id);
  }
  if (ids.length > LIMITS.productCategories)
    problems.push({
      column: 'categories',
      message: `A product can be in at most ${LIMITS.productCategories} categories`,
    });
  return ids;
}

/** catalog/product-form.ts's refusals (`inventory.3.size`, `description`) as row problems, one per column. */
function formProblems(fields: Record<string, string>, form: ProductForm): RowProblem[] {
  const out = new Map<ProductCsvColumn | null, string>();
  for (const [key, message] of Object.entries(fields)) {
    const [field, index] = key.split('.');
    const column = COLUMN_OF[field ?? ''] ?? null;
    const line = column === 'stock' ? form.inventory?.[Number(index)] : undefined;
    if (!out.has(column)) out.set(column, line ? `${line.size}/${line.color}: ${message}` : message);
  }
  return [...out].map(([column, message]) => ({ column, message }));
}
