import { api } from '#web/lib/api-client';
import { useQuery } from '#web/lib/use-query';
import { baseFromStock, UNTRACKED, type StockBase } from '../stock-draft';

export type StockLoad =
  { state: 'loading' } | { state: 'failed'; retry: () => void } | { state: 'ready'; base: StockBase };

const NEW_PRODUCT: StockLoad = { state: 'ready', base: UNTRACKED };

/**
 * The exact stock and waiting shoppers of the product being edited (GET /products/{id}/stock, admin).
 * The listing's quantities are capped for the public, so the grid never starts from them. A new
 * product (id null) has nothing to load and starts untracked.
 */
export function useProductStock(id: number | null): StockLoad {
  const { data, error, loading, refresh } = useQuery(id === null ? null : ['productStock', id], (signal) =>
    api('productStock', { params: { id: id ?? 0 }, signal }),
  );
  if (id === null) return NEW_PRODUCT;
  if (data) return { state: 'ready', base: baseFromStock(data) };
  if (loading || !error) return { state: 'loading' };
  return { state: 'failed', retry: refresh };
}
