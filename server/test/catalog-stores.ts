/** Test kit: memory stores already holding a catalogue, where the catalogue index tests start. */
import type { StoredCategory, StoredProduct } from '#server/core/records';
import { createMemoryStores } from '#server/store/memory-store';

export async function catalogStores(categories: readonly StoredCategory[], products: StoredProduct[]) {
  const stores = createMemoryStores();
  await stores.categories.mutate((rows) => ({ rows: [...rows, ...categories], result: undefined }));
  await stores.products.mutate(() => ({ rows: products, result: undefined }));
  return stores;
}
