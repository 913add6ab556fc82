import { searchListingUrl } from '#web/features/catalog/listing-text';

/**
 * The header search target: the listing with the trimmed text as `name` and the chosen category, written the
 * listing's canonical way (listing-url.ts), so a blank search carries no empty `name=` and no empty `search=`
 * (issue 27; the spec's `/products?search=` prefix is dropped, see the README).
 */
export const searchUrl = searchListingUrl;
