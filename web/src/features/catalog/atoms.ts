import { atom } from '#web/lib/jotai';
import type { Category } from '#contract/schemas/category';

/**
 * The category list, loaded once per store and shared by the header, footer, home and listing (spec: GET
 * /categories is used by all of them). Failures are silent: the list stays empty, as spec section 8 says.
 */
type CategoriesState = { status: 'idle' | 'loading' | 'done'; items: Category[] };

const categoriesStateAtom = atom<CategoriesState>({ status: 'idle', items: [] });

export const categoriesAtom = atom((get) => get(categoriesStateAtom).items);
export const categoriesLoadedAtom = atom((get) => get(categoriesStateAtom).status === 'done');

export const loadCategoriesAtom = atom(null, async (get, set) => {
  if (get(categoriesStateAtom).status !== 'idle') return;
  set(categoriesStateAtom, { status: 'loading', items: [] });
  let items: Category[];
  try {
    // Imported when first needed: a server-rendered page primes the list, so the first load need not hold the cache.
    const { cachedApi } = await import('#web/lib/catalogue-cache');
    items = await cachedApi('listCategories');
  } catch {
    items = [];
  }
  set(categoriesStateAtom, { status: 'done', items });
});

/** A server-rendered page's categories (ssr-data.ts): the list is loaded, no request needed. */
export const primeCategoriesAtom = atom(null, (_get, set, items: Category[]) => {
  set(categoriesStateAtom, { status: 'done', items });
});
