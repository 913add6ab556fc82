import { useEffect, useState } from 'react';
import type { Product } from '../../../../../contract/schemas/product';
import { cachedApi } from '../../../lib/catalogue-cache';

type State = { status: 'loading' } | { status: 'ready'; product: Product } | { status: 'missing' };

/** GET /products/{id}. A failed load is logged only and shows the not-found screen (spec section 8). */
export function useProduct(idParam: string | undefined) {
  const [state, setState] = useState<State>({ status: 'loading' });
  useEffect(() => {
    const id = Number(idParam);
    if (!Number.isInteger(id) || id <= 0) {
      setState({ status: 'missing' });
      return;
    }
    const controller = new AbortController();
    setState({ status: 'loading' });
    cachedApi('getProduct', { params: { id }, signal: controller.signal })
      .then((product) => setState({ status: 'ready', product }))
      .catch((err: unknown) => {
        if (controller.signal.aborted) return;
        console.error('Product load failed:', err);
        setState({ status: 'missing' });
      });
    return () => controller.abort();
  }, [idParam]);
  return state;
}
