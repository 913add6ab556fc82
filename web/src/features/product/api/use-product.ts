import type { Product } from '#contract/schemas/product';
import { ApiError } from '#web/lib/api-client';
import { cachedApi, isNetworkFailure } from '#web/lib/catalogue-cache';
import { useQuery } from '#web/lib/use-query';

type State =
  | { status: 'loading' }
  | { status: 'ready'; product: Product }
  | { status: 'missing' }
  | { status: 'unsaved'; retry: () => void }
  | { status: 'failed'; retry: () => void };

const logFailure = (err: unknown) => console.error('Product load failed:', err);

/**
 * Whether a failed product load means "there is no such product": the server said so (404, or 400 for an id
 * it cannot take). Anything else (a 5xx, a timeout, no network and nothing saved) is a failed load.
 */
export function productIsMissing(err: unknown): boolean {
  return err instanceof ApiError && (err.status === 404 || err.status === 400);
}

/**
 * GET /products/{id}. A failure is logged; a product the server says does not exist shows the not-found
 * screen (spec section 8); no connection and no copy on the device is `unsaved` (issue 29: the device cannot
 * tell whether it exists); any other failure a failed load with Try again (issue 27).
 */
export function useProduct(idParam: string | undefined): State {
  const id = Number(idParam);
  const valid = Number.isInteger(id) && id > 0;
  const { data, loading, error, refresh } = useQuery(
    valid ? ['getProduct', id] : null,
    (signal) => cachedApi('getProduct', { params: { id }, signal }),
    { onError: logFailure },
  );
  if (loading) return { status: 'loading' };
  if (data) return { status: 'ready', product: data };
  if (error && isNetworkFailure(error)) return { status: 'unsaved', retry: refresh };
  if (error && !productIsMissing(error)) return { status: 'failed', retry: refresh };
  return { status: 'missing' };
}
