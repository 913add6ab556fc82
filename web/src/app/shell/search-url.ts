import { DEFAULT_LISTING, listingUrl } from '#web/features/catalog/listing-url';

/**
 * The header search target: the listing with the trimmed text as `name` and the chosen category, written the
 * listing's canonical way (listing-url.ts), so a blank search carries no empty `name=` and no empty `search=`
 * (issue 27; the spec's `/products?search=` prefix is dropped, see the README).
 */
export function searchUrl(text: string, categorySlug: string): string {
  return listingUrl({ ...DEFAULT_LISTING, name: text.trim(), category: categorySlug });
}
