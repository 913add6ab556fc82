import { useState } from 'react';
import type { Category } from '#contract/schemas/category';
import { slugFromName } from '#contract/rules/validation';
import { api } from '#web/lib/api-client';
import { useQuery } from '#web/lib/use-query';

export const CATEGORY_POLL_MS = 1000;

const NO_CATEGORIES: Category[] = [];

/**
 * The admin categories list, re-read every second (spec section 7) so edits made elsewhere show up, through
 * useQuery's polling: the next read starts only after the previous one ended, nothing runs while the tab is
 * hidden, unchanged answers (304 via ETag, served from the HTTP cache) do not re-render, and a failed poll
 * is silent (the last known list stays). A list that could not be loaded at all is `failed` (issue 27): the
 * page shows Try again (`retry`) and keeps showing it while further polls fail; the first answer replaces it.
 */
export function useCategoryPolling(): {
  categories: Category[];
  loading: boolean;
  failed: boolean;
  refresh: () => void;
  retry: () => void;
} {
  const [failed, setFailed] = useState(false);
  const [retrying, setRetrying] = useState(false);
  const { data, error, loading, refresh } = useQuery(
    ['adminCategories'],
    (signal) => api('listCategories', { signal }),
    { pollMs: CATEGORY_POLL_MS },
  );
  // Decided when a read settles, kept while the next one runs (React's "adjust state on change" pattern).
  if (!loading) {
    const settledFailed = error !== null && data === undefined;
    if (settledFailed !== failed) setFailed(settledFailed);
    if (retrying) setRetrying(false);
  }
  const retry = () => {
    setRetrying(true);
    refresh();
  };
  // `loading` is "no list yet": a poll keeps the list (or Try again) on screen; Try again shows the spinner.
  const waiting = loading && data === undefined && (!failed || retrying);
  return { categories: data ?? NO_CATEGORIES, loading: waiting, failed, refresh, retry };
}

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
