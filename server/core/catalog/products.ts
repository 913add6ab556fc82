/**
 * The room `catalog/`: the catalogue — products (here) and categories, the product form's rules, the
 * indexes a listing reads, the listing itself, the serialised answer cache and the product images.
 */
import { LIMITS } from '#contract/limits';
import type { CatalogQuery } from '#contract/rules/catalog-query';
import type { Product, ProductForm, ProductListResponse } from '#contract/schemas/product';
import type { CachedAnswer } from '../api/reply';
import type { CatalogCache } from './cache';
import type { CatalogIndex } from './indexes';
import { listCatalog } from './listing';
import { searchSuggestions } from './search-listing';
import type { Suggestions } from '#contract/schemas/search';
import { notFound, validationFailed } from '../api/errors';
import { storeImage, storeImages } from './images';
import type { CoreDeps } from '../ports';
import { productFields } from './product-form';
import type { StoredInventoryLine, StoredProduct } from '../records';
import type { StockLedger } from '../stock/ledger';
import type { User } from '#contract/schemas/user';
import type { Activity } from '../activity/log';
import type { ProductView } from '../activity/diff';
import { productValues } from '../activity/diff';

export function createProductUseCases(
  deps: CoreDeps,
  index: CatalogIndex,
  cache: CatalogCache,
  stock: StockLedger,
  activity: Activity,
) {
  const { stores, images, sanitizer, clock } = deps;
  const view: ProductView = {
    categoryName: (id) => stores.categories.get(id)?.name ?? `#${id}`,
    variants: (p) => stock.variants(p),
  };
  const logOf = activity.rowLog<StoredProduct>('product', {
    values: (p) => productValues(p, view),
    label: (p) => p.title,
  });

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

  /** The fields the form decides (catalog/product-form.ts, shared with the import); images are handled by the caller. */
  const formFields = (form: ProductForm) => productFields(sanitizer, form, () => categoryIds(form.category));

  const replace = (actor: User, next: StoredProduct): Promise<Product> =>
    stores.products.change((get) => {
      const before = get(next.id);
      if (!before) throw notFound('Product');
      return { put: [next], result: index.publicProduct(next), log: logOf(actor, before, next) };
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

    /** The search box's suggestions (issue 29; catalog/search-listing.ts). */
    suggest(text: string): Suggestions {
      return searchSuggestions(index, text);
    },

    get(id: number): Product {
      return index.publicProduct(stored(id));
    },

    getAnswer(id: number): CachedAnswer {
      const row = stored(id);
      return cache.detail(id, () => index.publicProduct(row));
    },

    async create(actor: User, form: ProductForm): Promise<Product> {
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
        return {
          put: [created],
          result: index.publicProduct(created),
          log: logOf(actor, undefined, created),
        };
      });
    },

    /** A missing or empty image keeps the current one; so do missing collections and a missing inventory. */
    async update(actor: User, id: number, form: ProductForm): Promise<Product> {
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
      return replace(actor, {
        ...rest,
        ...fields,
        sku: fields.sku || current.sku,
        // The admin form sends no short description: keep the current one while the description stands,
        // so editing a price does not rewrite it (nor show a change in the activity log).
        short_description:
          form.short_description === undefined && fields.description === current.description
            ? current.short_description
            : fields.short_description,
        featured_image: featured,
        collections: form.collections ?? current.collections,
        ...(inventory ? { inventory } : {}),
      });
    },

    /** Gallery images are appended; the first becomes the featured image when there is none. */
    async addImages(actor: User, id: number, dataUrls: readonly string[]): Promise<Product> {
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
      return replace(actor, {
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

    async remove(actor: User, id: number): Promise<{ ok: true }> {
      stored(id);
      await stores.products.change((get) => {
        const before = get(id);
        if (!before) throw notFound('Product');
        return { remove: [id], result: undefined, log: logOf(actor, before, undefined) };
      });
      return { ok: true };
    },
  };
}
