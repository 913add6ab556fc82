import { unitsLeft } from '#contract/rules/stock';
import type { CartLine } from '#contract/schemas/cart';
import type { Product } from '#contract/schemas/product';
import { cachedApi } from '#web/lib/catalogue-cache';
import { useQuery } from '#web/lib/use-query';

const NONE: Product[] = [];

/**
 * What is left of each cart line's size and colour (issue 14), from the products' catalogue answers: the
 * network's, or offline the last synced copy (catalogue-cache). undefined when it is not known (not loaded
 * yet, the product is gone or cannot be read) or the product does not track stock: then nothing is limited.
 */
export function useCartStock(lines: readonly CartLine[]): (line: CartLine) => number | undefined {
  const ids = [...new Set(lines.map((l) => l.productId))].sort((a, b) => a - b);
  const { data = NONE } = useQuery(
    ids.length ? ['cartStock', ids] : null,
    async (signal) => {
      const answers = await Promise.allSettled(
        ids.map((id) => cachedApi('getProduct', { params: { id }, signal })),
      );
      return answers.flatMap((a) => (a.status === 'fulfilled' ? [a.value] : []));
    },
    { keepPreviousData: true },
  );
  return (line) => {
    const product = data.find((p) => p.id === line.productId);
    return product ? unitsLeft(product, line.selectedSize, line.selectedColor) : undefined;
  };
}
