import type { EndpointName, ResponseOf } from '#contract/endpoints';
import { api, ApiError, loadApiSchemas, type ApiInput } from './api-client';
import { loadLocalCatalogue, loadLocalWrites } from './offline-modules';
import { setLastSynced } from './network-status';
import { loadedAndIdle } from './first-screen';

/**
 * Network-first reads of the public catalogue, mirrored into IndexedDB so browsing keeps working offline.
 * Every answer that arrives is written to the local database (in the background; a failed write never
 * bothers the caller); when the network fails (no connection: fetch itself rejects) the answer comes from the
 * local copy: the exact answer saved for the same call, or — once the background sync has copied the whole
 * catalogue — any product and any listing query, run locally with the contract's query rules
 * (local-catalogue.ts). Products are written through local-writes.ts, which keeps the listing index. A network
 * that has not answered after SLOW_NETWORK_MS counts as failed when a saved answer exists; with none, it fails
 * as a ReadTimeout after READ_TIMEOUT_MS (a hanging server ends in an error state, never a spinner forever).
 * A server that answers with a failure (4xx or 5xx) is passed on: a 4xx is its real answer, and a 5xx is shown
 * as a failed load with Try again (issue 27), not hidden behind a saved copy the shopper cannot tell is stale. Dexie is imported lazily, never in the first load.
 * Only public, token-free calls are allowed here (the type says which): auth, orders and admin never are.
 */
export type CachedEndpoint =
  'listCategories' | 'listProducts' | 'getProduct' | 'countryPositions' | 'countryStates';

type Query = ApiInput<EndpointName>['query'];

/**
 * One key per call and input; empty values dropped and keys sorted, so equal queries share a row. Sorted by code
 * unit, not localeCompare: the parameter names are ASCII (the same order either way, so rows kept before still
 * match), and the first localeCompare in a page builds a collator, 9 ms of the first offline listing's render.
 */
export function cacheKey(name: CachedEndpoint, input: ApiInput<CachedEndpoint>): string {
  const clean = (o: Record<string, unknown> | undefined) =>
    Object.fromEntries(
      Object.entries(o ?? {})
        .filter(([, v]) => v !== undefined && v !== null && v !== '')
        .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
    );
  return JSON.stringify([name, clean(input.params), clean(input.query), input.body ?? null]);
}

/** No connection: fetch itself rejected (an ApiError means the server did answer). */
export function isNetworkFailure(err: unknown): boolean {
  return err instanceof TypeError;
}

/** Never store an answer that carries a credential (none of the cached calls should, but be sure). */
function carriesToken(data: unknown): boolean {
  return typeof data === 'object' && data !== null && 'token' in data;
}

async function remember(name: CachedEndpoint, key: string, data: unknown): Promise<void> {
  if (carriesToken(data)) return;
  // Dexie and the writes wait for the page's load and an idle moment (not the whole first-screen gate, whose
  // quiet time a shopper who opens a product and goes offline at once would beat: issue 29).
  await loadedAndIdle();
  const { endpoints } = await loadApiSchemas();
  const [{ catalogueDb, MAX_RESPONSES }, { writeProducts }] = await Promise.all([
    import('./db'),
    loadLocalWrites(), // the schemas first: offline-modules.ts
  ]);
  const db = catalogueDb();
  const savedAt = Date.now();
  if (name === 'getProduct') {
    await writeProducts(db, [endpoints.getProduct.response.parse(data)]);
    return;
  }
  await db.responses.put({ key, data, savedAt });
  const count = await db.responses.count();
  if (count > MAX_RESPONSES) {
    await db.responses.bulkDelete(
      await db.responses
        .orderBy('savedAt')
        .limit(count - MAX_RESPONSES)
        .primaryKeys(),
    );
  }
  if (name === 'listProducts') await writeProducts(db, endpoints.listProducts.response.parse(data).items);
}

/**
 * Keeps an answer that came inside a server-rendered page (issue 28; `key` is the screen's query key, see
 * web/src/entry-server.tsx) as if it had come from the network: a page opened online still opens offline.
 */
export function keepServedAnswer(key: readonly unknown[], data: unknown): void {
  const [name, arg] = key;
  let kept: Promise<void> | undefined;
  if (name === 'getProduct' && typeof arg === 'number') {
    kept = remember(name, cacheKey(name, { params: { id: arg } }), data);
  } else if (name === 'listProducts' && typeof arg === 'object' && arg !== null) {
    kept = remember(name, cacheKey(name, { query: arg as Query }), data);
  }
  kept?.catch(() => undefined);
}

async function forget(name: CachedEndpoint, input: ApiInput<CachedEndpoint>): Promise<void> {
  if (name !== 'getProduct') return;
  const [{ catalogueDb }, { deleteProducts }] = await Promise.all([import('./db'), loadLocalWrites()]);
  await deleteProducts(catalogueDb(), [Number(input.params?.id)]);
}

async function recall(name: CachedEndpoint, key: string, input: ApiInput<CachedEndpoint>): Promise<unknown> {
  const { catalogueDb } = await import('./db');
  const db = catalogueDb();
  if (name === 'getProduct') return db.productStore.get(Number(input.params?.id));
  if (name === 'listProducts') {
    const { localProductList } = await loadLocalCatalogue();
    const local = await localProductList(db, input.query as Query);
    if (local) return local;
  }
  return (await db.responses.get(key))?.data;
}

/**
 * On a bad connection ("lie-fi") a request can hang for a long time; past this wait, a saved answer is
 * shown instead, while the request carries on and refreshes the local copy when it lands.
 */
export const SLOW_NETWORK_MS = 8000;

/** How long a read may take in all when nothing is saved for it: then it fails with ReadTimeout. */
export const READ_TIMEOUT_MS = 15000;

class SlowNetwork extends Error {}

/** A read that got no answer within READ_TIMEOUT_MS (and had no saved answer to show instead). */
export class ReadTimeout extends Error {
  constructor() {
    super('The server did not answer in time');
    this.name = 'ReadTimeout';
  }
}

function slow(
  ms: number,
  reason: () => Error = () => new SlowNetwork(),
): { promise: Promise<never>; cancel: () => void } {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const promise = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(reason()), ms);
  });
  return { promise, cancel: () => clearTimeout(timer) };
}

/**
 * The browser knows it has no connection (navigator.onLine is false: no network at all, e.g. flight mode; it
 * is never false on a working one, while true proves nothing, see network-status.ts).
 */
export function browserOffline(): boolean {
  return typeof navigator !== 'undefined' && navigator.onLine === false;
}

/** A saved answer, checked with the call's contract schema (undefined when none is saved). */
async function savedAnswer<N extends CachedEndpoint>(
  name: N,
  key: string,
  input: ApiInput<N>,
): Promise<ResponseOf<N> | undefined> {
  const saved = await recall(name, key, input).catch(() => undefined);
  if (saved === undefined) return undefined;
  const { endpoints } = await loadApiSchemas();
  return endpoints[name].response.parse(saved) as ResponseOf<N>;
}

export async function cachedApi<N extends CachedEndpoint>(
  name: N,
  input: ApiInput<N> = {},
): Promise<ResponseOf<N>> {
  const key = cacheKey(name, input);
  // Known offline: the local copy answers at once, without first waiting for a request to fail (on a phone
  // that wait, through the service worker, is most of an offline listing's time: issue 29). Nothing saved:
  // the network is tried as usual.
  if (browserOffline()) {
    const saved = await savedAnswer(name, key, input);
    if (saved !== undefined) return saved;
  }
  const network = api(name, input).then((data) => {
    remember(name, key, data).catch(() => undefined);
    return data;
  });
  const timer = slow(SLOW_NETWORK_MS);
  const limit = slow(READ_TIMEOUT_MS, () => new ReadTimeout());
  limit.promise.catch(() => undefined); // raced only when nothing is saved
  try {
    return await Promise.race([network, timer.promise]);
  } catch (err) {
    if (input.signal?.aborted) throw err;
    if (err instanceof ApiError && err.status === 404) forget(name, input).catch(() => undefined);
    if (!(err instanceof SlowNetwork) && !isNetworkFailure(err)) throw err;
    const saved = await savedAnswer(name, key, input);
    if (saved === undefined || input.signal?.aborted) {
      if (!(err instanceof SlowNetwork)) throw err;
      // Nothing saved: keep waiting for the network, up to READ_TIMEOUT_MS in all.
      return await Promise.race([network, limit.promise]);
    }
    network.catch(() => undefined); // answered from the local copy; a late failure is not an error
    return saved;
  } finally {
    timer.cancel();
    limit.cancel();
  }
}

/** When the whole catalogue was last copied, for the offline banner (null when never or unknown). */
export async function loadLastSynced(): Promise<number | null> {
  try {
    const { catalogueDb, readCatalogueMeta } = await import('./db');
    const meta = await readCatalogueMeta(catalogueDb());
    const at = meta?.complete ? meta.syncedAt : null;
    setLastSynced(at);
    return at;
  } catch {
    return null;
  }
}
