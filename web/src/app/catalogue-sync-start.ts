import { FIRST_LISTINGS } from '#web/features/catalog/listing-url';
import { SYNC_MAX_AGE_MS, syncIfStale } from '#web/lib/catalogue-sync';

/**
 * The catalogue copy as the app starts it (main.tsx loads this lazily, after the first screen): copied again when
 * stale, then the pages of the listings a shopper most likely opens first offline decided on the device's copy.
 */
export const startCatalogueSync = () => syncIfStale(SYNC_MAX_AGE_MS, FIRST_LISTINGS);
