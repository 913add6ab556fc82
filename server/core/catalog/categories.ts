import type { Category, CreateCategoryBody, UpdateCategoryBody } from '#contract/schemas/category';
import { slugFromName } from '#contract/rules/validation';
import { DomainError, notFound } from '../api/errors';
import { storeImage } from './images';
import type { CachedAnswer } from '../api/reply';
import type { CatalogCache } from './cache';
import type { CatalogIndex } from './indexes';
import type { CoreDeps } from '../ports';
import type { User } from '#contract/schemas/user';
import type { Activity } from '../activity/log';
import { categoryValues } from '../activity/diff';
import type { StoredCategory } from '../records';

/** A free slug: the wanted one, else wanted-2, wanted-3... (create derives it from the name). */
function uniqueSlug(wanted: string, taken: ReadonlySet<string>): string {
  const base = wanted || 'category';
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}

export function createCategoryUseCases(
  { stores, images }: CoreDeps,
  index: CatalogIndex,
  cache: CatalogCache,
  activity: Activity,
) {
  const logOf = activity.rowLog<StoredCategory>('category', { values: categoryValues, label: (c) => c.name });
  const byId = (id: number): Category => {
    const c = stores.categories.get(id);
    if (!c) throw notFound('Category');
    return c;
  };

  return {
    list(): Category[] {
      return [...stores.categories.all()].sort((a, b) => a.id - b.id);
    },

    /** Serialised once per category change, with its ETag (the admin polls this every second). */
    listAnswer(): CachedAnswer {
      return cache.categories(() => this.list());
    },

    async create(actor: User, body: CreateCategoryBody): Promise<Category> {
      const image = await storeImage(images, body.image);
      return stores.categories.mutate((rows, nextId) => {
        const slug = uniqueSlug(slugFromName(body.name), new Set(rows.map((r) => r.slug)));
        const created: Category = { id: nextId(), name: body.name, slug, image };
        return { rows: [...rows, created], result: created, log: logOf(actor, undefined, created) };
      });
    },

    /** On update the given slug wins (or the name's slug); a slug held by another category is a 409. */
    async update(actor: User, id: number, body: UpdateCategoryBody): Promise<Category> {
      byId(id);
      const slug = slugFromName(body.slug || body.name);
      const slugTaken = (rows: readonly Category[]): void => {
        if (rows.some((r) => r.id !== id && r.slug === slug)) {
          throw new DomainError('conflict', 'A category with this slug already exists', {
            slug: 'Slug already in use',
          });
        }
      };
      // Checked before the image is stored too, so a refused update leaves no file behind.
      slugTaken(stores.categories.all());
      const image = body.image ? await storeImage(images, body.image) : undefined;
      return stores.categories.mutate((rows) => {
        const current = rows.find((r) => r.id === id);
        if (!current) throw notFound('Category');
        slugTaken(rows);
        const next: Category = { ...current, name: body.name, slug, image: image ?? current.image };
        return {
          rows: rows.map((r) => (r.id === id ? next : r)),
          result: next,
          log: logOf(actor, current, next),
        };
      });
    },

    /**
     * Products drop the category first, then the category goes: if the second write fails the
     * category is still listed and a retry finishes the job, with no product pointing at nothing.
     */
    async remove(actor: User, id: number): Promise<{ ok: true }> {
      byId(id);
      // Only the products in this category are touched (the index lists them), not the whole catalogue.
      const holders = [...(index.ofCategory(id)?.byPrice ?? [])].map((e) => e.row.id);
      await stores.products.change((get) => {
        const put = holders.flatMap((pid) => {
          const p = get(pid);
          return p?.category_ids.includes(id)
            ? [{ ...p, category_ids: p.category_ids.filter((c) => c !== id) }]
            : [];
        });
        return { put, result: undefined };
      });
      await stores.categories.mutate((rows) => {
        const before = rows.find((r) => r.id === id);
        return {
          rows: rows.filter((r) => r.id !== id),
          result: undefined,
          log: before ? logOf(actor, before, undefined) : [],
        };
      });
      return { ok: true };
    },
  };
}
