import { LINE_TEXT_PATTERN } from '#contract/rules/text-patterns';

/**
 * The listing URL's text fields (category, name, collection), read the one way listing-url.ts reads them. Its own
 * small module, because the header (first load, 100 kB budget) needs only this of the listing's URL.
 */

/** The longest text the catalogue query takes (contract: catalogQuerySchema); the search box's limit too. */
export const LISTING_TEXT_MAX = 200;

/** A raw URL value as listing text, or undefined when it is none (control characters, broken Unicode). */
export function readListingText(raw: string): string | undefined {
  const v = raw.trim();
  return LINE_TEXT_PATTERN.test(v) ? v.slice(0, LISTING_TEXT_MAX).trim() : undefined;
}

/** The search text and category a listing URL shows, for the header's search box. */
export function listingSearchOf(search: string): { name: string; category: string } {
  const p = new URLSearchParams(search);
  const read = (key: string) => {
    const raw = p.get(key);
    return (raw === null ? undefined : readListingText(raw)) ?? '';
  };
  return { name: read('name'), category: read('category') };
}

/** The header search's target: the listing with that text and category, in listingUrl's canonical form. */
export function searchListingUrl(text: string, categorySlug: string): string {
  const p = new URLSearchParams();
  if (categorySlug) p.set('category', categorySlug);
  if (text.trim()) p.set('name', text.trim());
  const s = p.toString();
  return s ? `/products?${s}` : '/products';
}
