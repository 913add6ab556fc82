import { useEffect } from 'react';
import { useAtomValue, useSetAtom } from '#web/lib/jotai';
import { categoriesAtom, categoriesLoadedAtom, loadCategoriesAtom } from '../atoms';

/** The shared category list; the first caller triggers the one load. */
export function useCategories() {
  const load = useSetAtom(loadCategoriesAtom);
  const categories = useAtomValue(categoriesAtom);
  const loaded = useAtomValue(categoriesLoadedAtom);
  useEffect(() => {
    void load();
  }, [load]);
  return { categories, loaded };
}
