import type { Product } from '#contract/schemas/product';
import { cachedApi } from '#web/lib/catalogue-cache';
import { useQuery } from '#web/lib/use-query';

type State = { status: 'loading' } | { status: 'ready'; product: Product } | { status: 'missing' };

const logFailure = (err: unknown) => console.error('Product load failed:', err);

/** GET /products/{id}. A failed load is logged only and shows the not-found screen (spec section 8). */
export function useProduct(idParam: string | undefined): State {
  const id = Number(idParam);
  const valid = Number.isInteger(id) && id > 0;
  const { data, loading } = useQuery(
    valid ? ['getProduct', id] : null,
    (signal) => cachedApi('getProduct', { params: { id }, signal }),
    { onError: logFailure },
  );
  if (loading) return { status: 'loading' };
  return data ? { status: 'ready', product: data } : { status: 'missing' };
}
