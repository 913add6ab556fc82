import { useCallback, useEffect, useRef, useState } from 'react';
import type { Category } from '#contract/schemas/category';
import { slugFromName } from '#contract/rules/validation';
import { api } from '#web/lib/api-client';
import { useQuery } from '#web/lib/use-query';

export const CATEGORY_POLL_MS = 1000;

/**
 * The admin categories list, re-read every second (spec section 7) so edits made elsewhere show up.
 * The poll is kept cheap: the next read starts only after the previous one ended, nothing runs while
 * the tab is hidden, unchanged answers (304 via ETag, served from the HTTP cache) do not re-render,
 * and failures are silent.
 */
export function useCategoryPolling(): {
  categories: Category[];
  loading: boolean;
  refresh: () => Promise<void>;
} {
  const [categories, setCategories] = useState<Category[]>([]);
  const [loading, setLoading] = useState(true);
  const lastJson = useRef('');

  const refresh = useCallback(async () => {
    try {
      const list = await api('listCategories');
      const json = JSON.stringify(list);
      if (json !== lastJson.current) {
        lastJson.current = json;
        setCategories(list);
      }
    } catch {
      // Silent (spec section 8): the last known list stays.
    } finally {
      setLoading(false);
    }
  }, []);

  useEffect(() => {
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const schedule = () => {
      clearTimeout(timer);
      if (stopped || document.hidden) return;
      timer = setTimeout(() => void refresh().then(schedule), CATEGORY_POLL_MS);
    };
    const onVisibility = () => {
      if (document.hidden) clearTimeout(timer);
      else void refresh().then(schedule);
    };
    void refresh().then(schedule);
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      stopped = true;
      clearTimeout(timer);
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, [refresh]);

  return { categories, loading, refresh };
}

const NO_CATEGORIES: Category[] = [];

/** The product modal's category choices: read once, failures give an empty list (spec section 8). */
export function useCategoryOptions(): Category[] {
  const { data } = useQuery(['listCategories'], (signal) => api('listCategories', { signal }));
  return data ?? NO_CATEGORIES;
}

export function createCategory(name: string, image: string): Promise<Category> {
  return api('createCategory', { body: { name: name.trim(), image } });
}

/** On update the slug is derived from the name; a stored image URL is left out so it stays as is. */
export function updateCategory(id: number, name: string, newImage: string | null): Promise<Category> {
  return api('updateCategory', {
    params: { id },
    body: { name: name.trim(), slug: slugFromName(name), ...(newImage ? { image: newImage } : {}) },
  });
}

export function deleteCategory(id: number): Promise<unknown> {
  return api('deleteCategory', { params: { id } });
}
