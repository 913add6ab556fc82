import { useEffect, useState } from 'react';
import type { Product } from '../../../../../contract/schemas/product';
import { cachedApi } from '../../../lib/catalogue-cache';

export const RELATED_COUNT = 5;

/**
 * Related products: GET /products?limit=5&category={slug} (just limit=5 without a category). The product
 * being viewed is left out of its own slider. Failures show an empty slider (spec section 8).
 */
export function useRelated(productId: number, categorySlug: string | undefined) {
  const [items, setItems] = useState<Product[]>([]);
  useEffect(() => {
    const controller = new AbortController();
    cachedApi('listProducts', { query: { limit: RELATED_COUNT, category: categorySlug }, signal: controller.signal })
      .then((res) => setItems(res.items.filter((p) => p.id !== productId)))
      .catch(() => {
        if (!controller.signal.aborted) setItems([]);
      });
    return () => controller.abort();
  }, [productId, categorySlug]);
  return items;
}
