/**
 * The admin product form's rules beyond its schema (contract productFormBodySchema), shared by the
 * product screen (catalog/products.ts) and the products import (spreadsheets/import.ts), so a spreadsheet row is
 * held to exactly what the form is: stock lines name the product's sizes × colours, the description is
 * sanitised and must still fit, prices are rounded to cents and a zero sale price means no sale.
 */
import { LIMITS } from '#contract/limits';
import { fromCents, toCents } from '#contract/rules/money';
import type { ProductForm } from '#contract/schemas/product';
import { validationFailed } from '../api/errors';
import type { HtmlSanitizer } from '../ports';

export const roundMoney = (n: number): number => fromCents(toCents(n));

/** Plain text of the sanitised description, for the short description when none is given. */
export function plainExcerpt(html: string, max = 160): string {
  const text = html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text;
}

/** 400 unless every line names one of the form's sizes and colours, each combination once. */
export function checkInventory(form: Pick<ProductForm, 'inventory' | 'sizes' | 'colors'>): void {
  if (!form.inventory) return;
  const fields: Record<string, string> = {};
  const seen = new Set<string>();
  form.inventory.forEach((l, i) => {
    const key = `${l.size}\u0000${l.color}`;
    if (form.sizes.length ? !form.sizes.includes(l.size) : l.size !== '')
      fields[`inventory.${i}.size`] = "This size is not one of the product's sizes";
    if (form.colors.length ? !form.colors.includes(l.color) : l.color !== '')
      fields[`inventory.${i}.color`] = "This colour is not one of the product's colours";
    if (seen.has(key)) fields[`inventory.${i}`] = 'This size and colour is listed twice';
    seen.add(key);
  });
  if (Object.keys(fields).length) throw validationFailed(fields, 'Some stock lines are not valid');
}

/**
 * The stored fields the form decides (images, collections and stock are the caller's). `categoryIds`
 * is asked last, so its refusals come after those of the stock lines and the description.
 */
export function productFields(sanitizer: HtmlSanitizer, form: ProductForm, categoryIds: () => number[]) {
  checkInventory(form);
  const description = sanitizer.sanitize(form.description);
  // Sanitising may lengthen it (entities): refuse here, before an image of the refused form is stored.
  if (description.length > LIMITS.description)
    throw validationFailed({
      description: `The description can be at most ${LIMITS.description} characters`,
    });
  return {
    title: form.title,
    description,
    short_description: form.short_description?.trim() || plainExcerpt(description),
    sku: form.sku,
    regular_price: roundMoney(form.regular_price),
    // A zero sale price means no sale (effectivePrice reads it that way too).
    sale_price: form.sale_price === null || form.sale_price <= 0 ? null : roundMoney(form.sale_price),
    category_ids: categoryIds(),
    sizes: form.sizes,
    colors: form.colors,
  };
}

export type ProductFields = ReturnType<typeof productFields>;
