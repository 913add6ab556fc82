import type { Category } from '#contract/schemas/category';
import type { Product } from '#contract/schemas/product';
import { api } from './api-client';
import { idle } from './idle';
import { pictureFallbacks } from './picture-fallback';
import { IMAGE_CACHE, IMAGE_CACHE_LIMITS } from './pwa-caches';
import { uploadSrcSet } from './responsive-image';

/**
 * Pictures for offline listings. After a successful catalogue sync (catalogue-sync.ts), and only when our
 * service worker controls the page, the 320 px width of the pictures a shopper is most likely to look at is
 * fetched through the worker, whose cache-first /uploads route stores it with its expiration bookkeeping
 * (web/src/sw.ts); offline, the worker answers any width of a picture with the width it has
 * (picture-fallback.ts), so a listing shows pictures instead of "No image" cards.
 *
 * Which pictures, most likely first: the home page's featured products, the category tiles, then the first
 * page of the product list (all products, then each category, as the list page asks for them by default),
 * taken in turns across those pages so a budget cut leaves every category some pictures. A picture already
 * in the cache at any width is not fetched again but counts towards the budget: the budget bounds what the
 * warm-up keeps, so syncing again fetches only what is missing. One picture at a time, idle moments only, and
 * it stops at the first sign of trouble (offline, or the server busy): the next sync tries again.
 */

/** Bytes the warmed pictures may take: about a thousand 320 px product pictures. */
export const PICTURE_BUDGET_BYTES = 15 * 1024 * 1024;
/** With the browser's data saver on (`navigator.connection.saveData`). */
export const SAVE_DATA_BUDGET_BYTES = 3 * 1024 * 1024;
/** Never more than half the picture cache's entries, so the warm-up cannot push out what the shopper viewed. */
export const MAX_WARM_PICTURES = Math.floor(IMAGE_CACHE_LIMITS.maxEntries / 2);
export const WARM_WIDTH = 320;

/*
 * The screens' own queries (web/src/features/catalog: home-page.tsx HOME_QUERY and HOME_FEATURED, listing-rules.ts
 * PAGE_SIZE, use-listing.ts defaults), repeated here because lib/ sits below features/.
 */
export const FEATURED_QUERY = { limit: 20 } as const;
export const FEATURED_SHOWN = 9;
export const LISTING_PAGE_SIZE = 12;
export const firstListingPage = (category?: string) =>
  ({ page: 1, limit: LISTING_PAGE_SIZE, sort: 'latest', category }) as const;

interface NetworkInformation {
  saveData?: boolean;
}

export function pictureBudget(connection: NetworkInformation | undefined): number {
  return connection?.saveData === true ? SAVE_DATA_BUDGET_BYTES : PICTURE_BUDGET_BYTES;
}

/** The 320 px width of a stored picture; null for anything else (external URLs, data: URLs, none). */
export function warmUrl(src: string | null | undefined): string | null {
  if (!src) return null;
  const entry = uploadSrcSet(src, false)
    ?.split(', ')
    .find((e) => e.endsWith(` ${WARM_WIDTH}w`));
  return entry?.split(' ')[0] ?? null;
}

/**
 * The pictures to keep, most likely first and each once: the featured products, the category tiles, then the
 * listing pages in turns (the first product of each page, then the second of each, …).
 */
export function picturesToWarm(
  featured: ReadonlyArray<Pick<Product, 'featured_image'>>,
  categories: ReadonlyArray<Pick<Category, 'image'>>,
  pages: ReadonlyArray<ReadonlyArray<Pick<Product, 'featured_image'>>>,
): string[] {
  const urls = new Set<string>();
  const add = (src: string | null | undefined) => {
    const url = warmUrl(src);
    if (url) urls.add(url);
  };
  for (const p of featured) add(p.featured_image);
  for (const c of categories) add(c.image);
  const longest = Math.max(0, ...pages.map((page) => page.length));
  for (let i = 0; i < longest; i++) for (const page of pages) add(page[i]?.featured_image);
  return [...urls];
}

/** The featured products and every first listing page, one request at a time with idle moments between. */
export async function listPicturesToWarm(
  categories: ReadonlyArray<Category>,
  pause: () => Promise<void> = idle,
): Promise<string[]> {
  const featured = (await api('listProducts', { query: FEATURED_QUERY })).items.slice(0, FEATURED_SHOWN);
  const pages: Product[][] = [];
  for (const slug of [undefined, ...categories.map((c) => c.slug)]) {
    await pause();
    pages.push((await api('listProducts', { query: firstListingPage(slug) })).items);
  }
  return picturesToWarm(featured, categories, pages);
}

export interface WarmupDeps {
  /** Fetches through the service worker (the page's own fetch). */
  fetch: (url: string) => Promise<Response>;
  cache: Pick<Cache, 'match'>;
  pause: () => Promise<void>;
  budget: number;
  maxPictures: number;
}

export type WarmupStop = 'done' | 'budget' | 'count' | 'offline' | 'busy';

export interface WarmupReport {
  /** Pictures the warm-up keeps: found in the cache or fetched. */
  kept: number;
  /** Of those, how many were fetched now, and their bytes. */
  fetched: number;
  fetchedBytes: number;
  /** Bytes of all kept pictures (what counts against the budget). */
  bytes: number;
  /** Answers that were not a picture (a 404: the product changed since the list was read). */
  failed: number;
  stopped: WarmupStop;
}

async function sizeOf(res: Response): Promise<number> {
  const length = Number(res.headers.get('content-length'));
  if (Number.isFinite(length) && length > 0) return length;
  return (await res.blob()).size;
}

/** The cached copy of `url`, or of any other width of the same picture (what the worker would answer offline). */
async function cachedForm(cache: Pick<Cache, 'match'>, url: string): Promise<Response | undefined> {
  const absolute = new URL(url, globalThis.location?.href ?? 'http://localhost/').href;
  for (const candidate of [absolute, ...pictureFallbacks(absolute)]) {
    const hit = await cache.match(candidate);
    if (hit) return hit;
  }
  return undefined;
}

/** Keeps `urls` in order until the budget or the count is reached. */
export async function warmPictures(urls: readonly string[], deps: WarmupDeps): Promise<WarmupReport> {
  const report: WarmupReport = { kept: 0, fetched: 0, fetchedBytes: 0, bytes: 0, failed: 0, stopped: 'done' };
  const stop = (why: WarmupStop) => ({ ...report, stopped: why });
  for (const url of urls) {
    if (report.kept >= deps.maxPictures) return stop('count');
    const cached = await cachedForm(deps.cache, url);
    if (cached) {
      const size = await sizeOf(cached);
      if (report.bytes + size > deps.budget) return stop('budget');
      report.bytes += size;
      report.kept++;
      continue;
    }
    // Never start a picture that would likely go over: the next one is guessed at the average so far.
    const guess = report.fetched ? report.fetchedBytes / report.fetched : 0;
    if (report.bytes + guess > deps.budget) return stop('budget');
    await deps.pause();
    let res: Response;
    try {
      res = await deps.fetch(url);
    } catch {
      return stop('offline');
    }
    if (res.status === 503 || res.status === 429) return stop('busy');
    if (!res.ok) {
      report.failed++;
      continue;
    }
    // Read to the end, so the worker has stored it before the next one starts.
    const size = (await res.blob()).size;
    report.fetched++;
    report.fetchedBytes += size;
    report.bytes += size;
    report.kept++;
  }
  return report;
}

function mark(state: 'running' | 'done' | 'skipped' | 'failed'): void {
  if (typeof document !== 'undefined') document.documentElement.dataset.pictureWarmup = state;
}

/** Our PWA worker (web/src/sw.ts, built as /sw.js), not MSW's worker of the demo mode. */
const isOurs = (worker: ServiceWorker | null): boolean => worker?.scriptURL.endsWith('/sw.js') === true;

/**
 * Whether our worker controls the page, waiting up to `ms` for one being installed (a first visit: the worker
 * registers after load and claims the page once active). Without it nothing would store the pictures.
 */
async function controlledByOurWorker(ms: number): Promise<boolean> {
  const sw = typeof navigator !== 'undefined' ? navigator.serviceWorker : undefined;
  if (__DEMO__ || !sw || typeof caches === 'undefined') return false;
  if (sw.controller) return isOurs(sw.controller);
  if (!(await sw.getRegistration().catch(() => undefined))) return false;
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      sw.removeEventListener('controllerchange', done);
      resolve(isOurs(sw.controller));
    };
    const timer = setTimeout(done, ms);
    sw.addEventListener('controllerchange', done);
  });
}

/** The entry catalogue-sync.ts calls after a successful sync; null when no worker controls the page. */
export async function warmPicturesAfterSync(
  categories: ReadonlyArray<Category>,
  overrides: Partial<WarmupDeps> = {},
): Promise<WarmupReport | null> {
  if (!(await controlledByOurWorker(60_000))) {
    mark('skipped');
    return null;
  }
  mark('running');
  try {
    const pause = overrides.pause ?? idle;
    const urls = await listPicturesToWarm(categories, pause);
    const connection = (navigator as Navigator & { connection?: NetworkInformation }).connection;
    const report = await warmPictures(urls, {
      fetch: (url) => fetch(url, { priority: 'low' }),
      cache: await caches.open(IMAGE_CACHE),
      pause,
      budget: pictureBudget(connection),
      maxPictures: MAX_WARM_PICTURES,
      ...overrides,
    });
    mark('done');
    return report;
  } catch (err) {
    mark('failed');
    throw err;
  }
}
