import { SORTS, type Sort } from '#contract/rules/sorts';
import { LISTING_TEXT_MAX, readListingText } from './listing-text';
import { PAGE_SIZE } from './listing-rules';

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
};

/** Each field's reader: the value a raw URL value stands for, or undefined when it is none (the default then). */
type Readers = { [K in keyof ListingState]: (raw: string) => ListingState[K] | undefined };

const readText = readListingText;

const READERS: Readers = {
  category: readText,
  name: readText,
  collection: readText,
  sort: (raw) => SORTS.find((s) => s === raw),
  // A plain amount with at most two decimals (no exponent, sign or hex), as the slider writes it.
  maxPrice: (raw) => (/^\d{1,9}(\.\d{1,2})?$/.test(raw) ? Number(raw) : undefined),
  page: (raw) =>
    /^\d{1,6}$/.test(raw) && Number(raw) >= 1 && Number(raw) <= PAGE_MAX ? Number(raw) : undefined,
};

const KEYS = Object.keys(DEFAULT_LISTING) as Array<keyof ListingState>;

function readInto<K extends keyof ListingState>(state: ListingState, params: URLSearchParams, key: K): void {
  const raw = params.get(key);
  state[key] = (raw === null ? undefined : READERS[key](raw)) ?? DEFAULT_LISTING[key];
}

/** The listing a URL's query shows; unknown parameters (such as the old empty `search=`) are ignored. */
export function parseListing(params: URLSearchParams | string): ListingState {
  const p = typeof params === 'string' ? new URLSearchParams(params) : params;
  const state = { ...DEFAULT_LISTING };
  for (const key of KEYS) readInto(state, p, key);
  return state;
}

/** The canonical query string of a listing ('' or '?…'): defaults and empty values left out. */
export function listingSearch(state: ListingState): string {
  const out = new URLSearchParams();
  for (const key of KEYS) {
    const value = state[key];
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
export function productQuery(state: ListingState): Record<string, string | number | undefined> {
  return {
    page: state.page,
    limit: PAGE_SIZE,
    sort: state.sort,
    maxPrice: state.maxPrice > 0 ? state.maxPrice : undefined,
    category: state.category || undefined,
    q: state.name || undefined,
    collection: state.collection || undefined,
  };
}
