import { LIMITS } from '#contract/limits';
import type { CatalogQuery } from '#contract/rules/catalog-query';
import { fromCents, toCents } from '#contract/rules/money';
import type { Product, ProductForm, ProductListResponse } from '#contract/schemas/product';
import type { CachedAnswer, CatalogCache } from './catalog-cache';
import type { CatalogIndex } from './catalog-index';
import { listCatalog } from './catalog-listing';
import { notFound, validationFailed } from './errors';
import { storeImage, storeImages } from './images';
import type { CoreDeps } from './ports';
import type { StoredInventoryLine, StoredProduct } from './records';
import type { StockLedger } from './stock-ledger';

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

/** 400 unless every line names one of the form's sizes and colours, each combination once. */
function checkInventory(form: ProductForm): void {
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

export function createProductUseCases(
  deps: CoreDeps,
  index: CatalogIndex,
  cache: CatalogCache,
  stock: StockLedger,
) {
  const { stores, images, sanitizer, clock } = deps;

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
      category_ids: categoryIds(form.category),
      sizes: form.sizes,
      colors: form.colors,
    };
  };

  const replace = (next: StoredProduct): Promise<Product> =>
    stores.products.change((get) => {
      if (!get(next.id)) throw notFound('Product');
      return { put: [next], result: index.publicProduct(next) };
    });

  return {
    /** The semantics of runCatalogQuery (contract/rules/catalog-query.ts), read from the indexes. */
    list(query: CatalogQuery): ProductListResponse {
      return listCatalog(index, query);
    },

    /** The same answer serialised once and cached until the next catalogue write, with its ETag. */
    listAnswer(query: CatalogQuery): CachedAnswer {
      return cache.list(query, () => listCatalog(index, query));
    },

    get(id: number): Product {
      return index.publicProduct(stored(id));
    },

    getAnswer(id: number): CachedAnswer {
      const row = stored(id);
      return cache.detail(id, () => index.publicProduct(row));
    },

    async create(form: ProductForm): Promise<Product> {
      const fields = formFields(form);
      const featured = form.image ? await storeImage(images, form.image) : null;
      return stores.products.change((_get, nextId) => {
        const id = nextId();
        const inventory = form.inventory
          ? stock.set({ id, sizes: fields.sizes, colors: fields.colors }, undefined, form.inventory, {
              fresh: true,
            })
          : undefined;
        const created: StoredProduct = {
          id,
          ...fields,
          sku: fields.sku || `TL-${String(id).padStart(5, '0')}`,
          featured_image: featured,
          images: [],
          collections: form.collections ?? [],
          created_at: clock.now().toISOString(),
          ...(inventory ? { inventory } : {}),
        };
        return { put: [created], result: index.publicProduct(created) };
      });
    },

    /** A missing or empty image keeps the current one; so do missing collections and a missing inventory. */
    async update(id: number, form: ProductForm): Promise<Product> {
      const fields = formFields(form);
      const featured = form.image ? await storeImage(images, form.image) : stored(id).featured_image;
      const current = stored(id);
      const inventory: StoredInventoryLine[] | undefined =
        form.inventory === null
          ? undefined
          : form.inventory === undefined && !current.inventory
            ? undefined
            : stock.set(
                { id, sizes: fields.sizes, colors: fields.colors },
                current.inventory,
                form.inventory ?? [],
              );
      const { inventory: _old, ...rest } = current;
      return replace({
        ...rest,
        ...fields,
        sku: fields.sku || current.sku,
        featured_image: featured,
        collections: form.collections ?? current.collections,
        ...(inventory ? { inventory } : {}),
      });
    },

    /** Gallery images are appended; the first becomes the featured image when there is none. */
    async addImages(id: number, dataUrls: readonly string[]): Promise<Product> {
      const full = (held: number) => {
        if (held + dataUrls.length > LIMITS.galleryImages)
          throw validationFailed({
            images: `A product can have at most ${LIMITS.galleryImages} gallery images`,
          });
      };
      full(stored(id).images.length);
      const urls = await storeImages(images, dataUrls);
      full(stored(id).images.length);
      const current = stored(id);
      return replace({
        ...current,
        featured_image: current.featured_image ?? urls[0] ?? null,
        images: [...current.images, ...urls.map((url) => ({ url }))],
      });
    },

    /** GET /products/{id}/stock: exact units left and waiting shoppers, per size × colour. */
    stockOf(id: number, waiting: (size: string, color: string) => number) {
      const p = stored(id);
      return {
        tracked: Boolean(p.inventory),
        variants: stock.variants(p).map((v) => ({ ...v, waiting: waiting(v.size, v.color) })),
      };
    },

    async remove(id: number): Promise<{ ok: true }> {
      stored(id);
      await stores.products.change(() => ({ remove: [id], result: undefined }));
      return { ok: true };
    },
  };
}
