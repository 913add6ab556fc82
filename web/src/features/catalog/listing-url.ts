import { SORTS, type Sort } from '#contract/rules/sorts';
import { LISTING_TEXT_MAX, readListingText } from './listing-text';
import { PAGE_SIZE, SIDEBAR_FEATURED } from './listing-rules';
import { FILTER_VALUES_MAX, filterKey } from '#contract/rules/filter-values';
import { LIMITS } from '#contract/limits';

/**
 * The listing's whole state lives in the URL (issue 27), so Back, a reload and a shared link return to the same
 * list, and the offline copy is asked exactly what the server is. This is the one parse/serialise pair: a field
 * is its type in ListingState, its default in DEFAULT_LISTING and its reader in READERS (the compiler asks for
 * each), plus its line in `productQuery` when the API is to hear of it.
 *
 * Reading never fails: a missing, malformed or unknown value is the field's default. Writing is canonical: a
 * default is left out, so there is no empty `search=`, `page=1` or `sort=latest`, and the same list always has
 * the same address (parse, then serialise, gives back a canonical URL unchanged).
 */
export interface ListingState {
  /** Category slug; '' for all categories. */
  category: string;
  /** The search text (the spec's URL name; the API's `q`). */
  name: string;
  collection: string;
  sort: Sort;
  /** The applied price cap; 0 for none (the API gets maxPrice only when positive). */
  maxPrice: number;
  page: number;
  /** Issue 29: chosen sizes and colours (repeated in the URL), in stock only, and the price floor (0: none). */
  size: string[];
  color: string[];
  in_stock: 0 | 1;
  minPrice: number;
}

export { LISTING_TEXT_MAX };
/** The highest page the catalogue query takes. */
const PAGE_MAX = 100_000;

/** The listing with no parameters; its key order is the order the URL is written in. */
export const DEFAULT_LISTING: ListingState = {
  category: '',
  name: '',
  collection: '',
  sort: 'latest',
  maxPrice: 0,
  page: 1,
  size: [],
  color: [],
  in_stock: 0,
  minPrice: 0,
};

/** Fields held as lists (a repeated parameter); read by readList, not by READERS. */
type ListKey = 'size' | 'color';
const LIST_KEYS: readonly ListKey[] = ['size', 'color'];
const isList = (key: keyof ListingState): key is ListKey => key === 'size' || key === 'color';

/** Each field's reader: the value a raw URL value stands for, or undefined when it is none (the default then). */
type Readers = { [K in Exclude<keyof ListingState, ListKey>]: (raw: string) => ListingState[K] | undefined };

const readText = readListingText;

const readAmount = (raw: string) => (/^\d{1,9}(\.\d{1,2})?$/.test(raw) ? Number(raw) : undefined);

/** Each value trimmed, at most FILTER_VALUES_MAX labels, one per spelling-insensitive key, in key order. */
function readList(values: string[]): string[] {
  const byKey = new Map<string, string>();
  for (const raw of values) {
    const v = raw.trim();
    if (!v || v.length > LIMITS.label || byKey.has(filterKey(v))) continue;
    byKey.set(filterKey(v), v);
  }
  return [...byKey.keys()]
    .sort()
    .slice(0, FILTER_VALUES_MAX)
    .map((k) => byKey.get(k)!);
}

const READERS: Readers = {
  category: readText,
  name: readText,
  collection: readText,
  sort: (raw) => SORTS.find((s) => s === raw),
  // A plain amount with at most two decimals (no exponent, sign or hex), as the slider writes it.
  maxPrice: readAmount,
  minPrice: readAmount,
  in_stock: (raw) => (raw === '1' ? 1 : undefined),
  page: (raw) =>
    /^\d{1,6}$/.test(raw) && Number(raw) >= 1 && Number(raw) <= PAGE_MAX ? Number(raw) : undefined,
};

const KEYS = Object.keys(DEFAULT_LISTING) as Array<keyof ListingState>;

function readInto<K extends Exclude<keyof ListingState, ListKey>>(
  state: ListingState,
  params: URLSearchParams,
  key: K,
): void {
  const raw = params.get(key);
  state[key] = (raw === null ? undefined : READERS[key](raw)) ?? DEFAULT_LISTING[key];
}

/** The listing a URL's query shows; unknown parameters (such as the old empty `search=`) are ignored. */
export function parseListing(params: URLSearchParams | string): ListingState {
  const p = typeof params === 'string' ? new URLSearchParams(params) : params;
  const state = { ...DEFAULT_LISTING };
  for (const key of KEYS) if (!isList(key)) readInto(state, p, key);
  for (const key of LIST_KEYS) state[key] = readList(p.getAll(key));
  // A floor above the cap would be a 400: the floor falls back (and the URL is rewritten without it).
  if (state.maxPrice > 0 && state.minPrice > state.maxPrice) state.minPrice = 0;
  return state;
}

/** The canonical query string of a listing ('' or '?…'): defaults and empty values left out. */
export function listingSearch(state: ListingState): string {
  const out = new URLSearchParams();
  for (const key of KEYS) {
    const value = state[key];
    if (Array.isArray(value)) {
      for (const v of value) out.append(key, v);
      continue;
    }
    if (value === DEFAULT_LISTING[key] || value === '') continue;
    out.set(key, String(value));
  }
  const s = out.toString();
  return s ? `?${s}` : '';
}

/** The listing's address: /products plus its canonical query. */
export function listingUrl(state: ListingState): string {
  return `/products${listingSearch(state)}`;
}

/**
 * A change to the listing: any filter change starts again at page 1 (spec section 4); only a page change keeps
 * the page it asks for.
 */
export function changeListing(state: ListingState, change: Partial<ListingState>): ListingState {
  return { ...state, page: 1, ...change };
}

/** GET /products' query for a listing (spec section 7's names: q for the text, maxPrice only when positive). */
export function productQuery(state: ListingState): Record<string, string | number | string[] | undefined> {
  return {
    page: state.page,
    limit: PAGE_SIZE,
    sort: state.sort,
    maxPrice: state.maxPrice > 0 ? state.maxPrice : undefined,
    category: state.category || undefined,
    q: state.name || undefined,
    collection: state.collection || undefined,
    size: state.size.length ? state.size : undefined,
    color: state.color.length ? state.color : undefined,
    in_stock: state.in_stock ? '1' : undefined,
    minPrice: state.minPrice > 0 ? state.minPrice : undefined,
    // The sidebar shows each value's count (issue 29).
    facets: '1',
  };
}

/** The sidebar's Featured Products (featured-mini-list.tsx), beside every listing. */
export const FEATURED_QUERY = { limit: SIDEBAR_FEATURED };

/**
 * The listing queries a shopper most likely sends first offline: the plain listing and the sidebar's featured
 * products. The offline copy decides their pages in the background once it is in (catalogue-sync.ts), so the
 * first offline listing does not run its filters and facet counts over the whole copy while the shopper waits.
 */
export const FIRST_LISTINGS = [productQuery(DEFAULT_LISTING), FEATURED_QUERY];

/**
 * A size or colour list with `value` added, or taken out when it is there in any spelling (issue 29); in
 * key order, as parseListing reads it, so the URL written is already canonical.
 */
export function toggleValue(list: readonly string[], value: string): string[] {
  const key = filterKey(value);
  if (list.some((v) => filterKey(v) === key)) return list.filter((v) => filterKey(v) !== key);
  return [...list, value].sort((a, b) =>
    filterKey(a) < filterKey(b) ? -1 : filterKey(a) > filterKey(b) ? 1 : 0,
  );
}
