import type { CatalogQuery } from '../../contract/rules/catalog-query';
import { runCatalogQuery } from '../../contract/rules/catalog-query';
import { fromCents, toCents } from '../../contract/rules/money';
import type { Category } from '../../contract/schemas/category';
import type { Product, ProductForm, ProductListResponse } from '../../contract/schemas/product';
import { notFound, validationFailed } from './errors';
import { storeImage, storeImages } from './images';
import type { CoreDeps } from './ports';
import type { StoredProduct } from './records';
import { toPublicProduct } from './records';

const roundMoney = (n: number): number => fromCents(toCents(n));

/** Plain text of the sanitised description, for the short description when none is given. */
function plainExcerpt(html: string, max = 160): string {
  const text = html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text;
}

export function createProductUseCases(deps: CoreDeps) {
  const { stores, images, sanitizer, clock } = deps;

  const categoryMap = (): Map<number, Category> => new Map(stores.categories.all().map((c) => [c.id, c]));

  const stored = (id: number): StoredProduct => {
    const p = stores.products.get(id);
    if (!p) throw notFound('Product');
    return p;
  };

  const categoryIds = (category: number | null): number[] => {
    if (category === null) return [];
    if (!stores.categories.get(category)) throw validationFailed({ category: 'Unknown category' });
    return [category];
  };

  /** The fields the form decides; images are handled by the caller. */
  const formFields = (form: ProductForm) => {
    const description = sanitizer.sanitize(form.description);
    return {
      title: form.title,
      description,
      short_description: form.short_description?.trim() || plainExcerpt(description),
      sku: form.sku,
      regular_price: roundMoney(form.regular_price),
      // A zero sale price means no sale (effectivePrice reads it that way too).
      sale_price: form.sale_price === null || form.sale_price <= 0 ? null : roundMoney(form.sale_price),
      category_ids: categoryIds(form.category),
      sizes: form.sizes,
      colors: form.colors,
    };
  };

  const replace = (next: StoredProduct): Promise<Product> =>
    stores.products.mutate((rows) => {
      if (!rows.some((r) => r.id === next.id)) throw notFound('Product');
      return {
        rows: rows.map((r) => (r.id === next.id ? next : r)),
        result: toPublicProduct(next, categoryMap()),
      };
    });

  return {
    /** The reference semantics of contract/rules/catalog-query.ts, over every product. */
    list(query: CatalogQuery): ProductListResponse {
      const cats = categoryMap();
      const all = stores.products.all().map((p) => toPublicProduct(p, cats));
      return runCatalogQuery(all, query);
    },

    get(id: number): Product {
      return toPublicProduct(stored(id), categoryMap());
    },

    async create(form: ProductForm): Promise<Product> {
      const fields = formFields(form);
      const featured = form.image ? await storeImage(images, form.image) : null;
      return stores.products.mutate((rows, nextId) => {
        const id = nextId();
        const created: StoredProduct = {
          id,
          ...fields,
          sku: fields.sku || `TL-${String(id).padStart(5, '0')}`,
          featured_image: featured,
          images: [],
          collections: form.collections ?? [],
          created_at: clock.now().toISOString(),
        };
        return { rows: [...rows, created], result: toPublicProduct(created, categoryMap()) };
      });
    },

    /** A missing or empty image keeps the current one; so do missing collections. */
    async update(id: number, form: ProductForm): Promise<Product> {
      const current = stored(id);
      const fields = formFields(form);
      const featured = form.image ? await storeImage(images, form.image) : current.featured_image;
      return replace({
        ...current,
        ...fields,
        sku: fields.sku || current.sku,
        featured_image: featured,
        collections: form.collections ?? current.collections,
      });
    },

    /** Gallery images are appended; the first becomes the featured image when there is none. */
    async addImages(id: number, dataUrls: readonly string[]): Promise<Product> {
      stored(id);
      const urls = await storeImages(images, dataUrls);
      const current = stored(id);
      return replace({
        ...current,
        featured_image: current.featured_image ?? urls[0] ?? null,
        images: [...current.images, ...urls.map((url) => ({ url }))],
      });
    },

    async remove(id: number): Promise<{ ok: true }> {
      stored(id);
      await stores.products.mutate((rows) => ({ rows: rows.filter((r) => r.id !== id), result: undefined }));
      return { ok: true };
    },
  };
}
