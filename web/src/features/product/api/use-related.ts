import type { Product } from '#contract/schemas/product';
import { cachedApi } from '#web/lib/catalogue-cache';
import { useQuery } from '#web/lib/use-query';

export const RELATED_COUNT = 5;

const NONE: Product[] = [];

/**
 * Related products: GET /products?limit=5&category={slug} (just limit=5 without a category). The product
 * being viewed is left out of its own slider. A failure is reported (failed, with retry) so the slider can say
 * so with Try again (issue 27); an empty answer is an empty slider.
 */
export function useRelated(
  productId: number,
  categorySlug: string | undefined,
): { products: Product[]; failed: boolean; retry: () => void } {
  const { data, error, refresh } = useQuery(
    ['relatedProducts', productId, categorySlug ?? null],
    async (signal) => {
      const res = await cachedApi('listProducts', {
        query: { limit: RELATED_COUNT, category: categorySlug },
        signal,
      });
      return res.items.filter((p) => p.id !== productId);
    },
    { keepPreviousData: true },
  );
  return { products: data ?? NONE, failed: Boolean(error), retry: refresh };
}
